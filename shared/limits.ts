// Limits the API enforces and the CLI states, kept apart from api.ts so that reading one does
// not load the validation library (the CLI's --help loads none of the engine's libraries).

/** The longest a SPARQL query may ask to run (in the workbench the read replica answers other graph calls meanwhile). */
export const MAX_QUERY_SECONDS = 120;

// One "you": the memory's owner.
//
// A memory belongs to one person. Each source maps one of its speakers to them (ChatGPT and
// Claude exports: the user role; other formats: the person who talks to the assistant), or
// none when the owner is not a speaker (a log between two other people). All mapped speakers
// resolve to one individual, OWNER_IRI (`mem:person/owner`), in the owner graph: the owner with
// a label, and `<speaker> owl:sameAs <owner>` for every mapped speaker. The automatic extraction
// writes the owner's facts on OWNER_IRI itself; facts stated on a speaker's own IRI (the demo's
// hand-made graph, an older extraction) are the owner's through owl:sameAs, which is why Ask
// binds `?me` to `owner().iris` (VALUES ?me { … }). The owner's name is fixed by the first
// mapping (or set by the person): importing another source never changes who "me" is.
import { GRAPHS, OWNER_IRI, PREFIXES } from '../../../../shared/rdf';
import type { OwnerInfo, OwnerSource } from '../../../../shared/types';
import { ApiError } from '../../../../shared/api';
import type { AutoGraphStore } from '../stores/auto-graph-store';
import type { ChatStore } from '../stores/chat/chat-store';
import type { GraphStore } from '../stores/graph/graph-store';
import type { SettingsStore } from '../stores/settings-store';
import { speakerIri } from '../stores/graph/messages-graph';
import { iri, stringLiteral } from '../stores/graph/ntriples';

const NAME_KEY = 'owner.name';

export interface Owner {
  /** The owner individual: OWNER_IRI. */
  iri: string;
  name: string;
  /** OWNER_IRI and every speaker IRI mapped to the owner (owl:sameAs): bind `?me` to all of them. */
  iris: string[];
  /** Per source: the owner's speaker there, or null when the owner is not a speaker. */
  sources: OwnerSource[];
  /** Bumped on every change (caches keyed on it). */
  version: number;
}

export class OwnerService {
  private version = 1;
  private cache: Owner | null = null;

  constructor(
    private readonly deps: { chat: ChatStore; graph: GraphStore; settings: SettingsStore; store: AutoGraphStore },
    private readonly onChange: (sourceIds: number[]) => void,
  ) {}

  /** The owner, cached until a mapping or the name changes. */
  owner(): Owner {
    if (this.cache?.version === this.version) return this.cache;
    const mapped = new Map(this.deps.store.owners().map((o) => [o.sourceId, o]));
    const sources: OwnerSource[] = this.deps.chat.listSources().map((s) => {
      const speakers = this.deps.chat.sourceSpeakers(s.id).filter((x) => x.role !== 'assistant' && x.role !== 'system');
      const m = mapped.get(s.id);
      const speaker = m ? m.speaker : null;
      const role = speakers.find((x) => x.speaker === speaker)?.role ?? 'user';
      return {
        sourceId: s.id,
        sourceName: s.name,
        speaker,
        speakerIri: speaker ? speakerIri(speaker, role) : null,
        chosenBy: m?.chosenBy ?? 'guess',
        speakers: speakers.map((x) => x.speaker),
      };
    });
    const iris = [OWNER_IRI, ...new Set(sources.map((s) => s.speakerIri).filter((x): x is string => !!x))];
    this.cache = { iri: OWNER_IRI, name: this.name(sources), iris, sources, version: this.version };
    return this.cache;
  }

  info(): OwnerInfo {
    const o = this.owner();
    return { iri: o.iri, name: o.name, iris: o.iris, sources: o.sources };
  }

  private name(sources: OwnerSource[]): string {
    return this.deps.settings.get<string>(NAME_KEY) ?? sources.find((s) => s.speaker)?.speaker ?? 'Me';
  }

  /** Engram's guess of a source's owner speaker: the person who talks to an assistant; null in a log between people. */
  guess(sourceId: number): string | null {
    const speakers = this.deps.chat.sourceSpeakers(sourceId);
    if (!speakers.some((s) => s.role === 'assistant')) return null;
    return speakers.find((s) => s.role === 'user')?.speaker ?? speakers.find((s) => s.role === 'other')?.speaker ?? null;
  }

  /** At import: the guess for a source that has no mapping yet. The name is fixed by the first mapped speaker. */
  async ensure(sourceId: number): Promise<void> {
    if (this.deps.store.owners().some((o) => o.sourceId === sourceId)) return;
    const speaker = this.guess(sourceId);
    this.deps.store.setOwner(sourceId, speaker, 'guess');
    if (speaker && this.deps.settings.get<string>(NAME_KEY) === undefined) this.deps.settings.set(NAME_KEY, speaker);
    this.version++;
    await this.writeGraph();
  }

  /** The person's choice of the owner speaker of a source (null: the owner is not a speaker). */
  async set(sourceId: number, speaker: string | null): Promise<OwnerInfo> {
    const source = this.deps.chat.listSources().find((s) => s.id === sourceId);
    if (!source) throw new ApiError('not_found', `no source ${sourceId}`);
    if (speaker !== null) {
      const speakers = this.deps.chat.sourceSpeakers(sourceId).filter((x) => x.role !== 'assistant' && x.role !== 'system').map((x) => x.speaker);
      if (!speakers.includes(speaker)) throw new ApiError('bad_request', `source ${sourceId} has no speaker '${speaker}' (its speakers: ${speakers.join(', ') || 'none'})`);
    }
    const before = this.deps.store.owners().find((o) => o.sourceId === sourceId);
    this.deps.store.setOwner(sourceId, speaker, 'person');
    if (speaker && this.deps.settings.get<string>(NAME_KEY) === undefined) this.deps.settings.set(NAME_KEY, speaker);
    this.version++;
    await this.writeGraph();
    if (before?.speaker !== speaker) this.onChange([sourceId]);
    return this.info();
  }

  async setName(name: string): Promise<OwnerInfo> {
    const clean = name.trim();
    if (!clean) throw new ApiError('bad_request', 'the owner name is empty');
    this.deps.settings.set(NAME_KEY, clean);
    this.version++;
    await this.writeGraph();
    return this.info();
  }

  /** Forgets removed sources' mappings (the store rows go with AutoGraphStore.forget). */
  invalidate(): void {
    this.version++;
  }

  /** The owner graph: the owner individual and owl:sameAs from every mapped speaker. */
  async writeGraph(): Promise<void> {
    const o = this.owner();
    const { rdf, rdfs, foaf, schema, owl } = PREFIXES;
    const me = iri(o.iri);
    const lines = [
      `${me} ${iri(`${rdf}type`)} ${iri(`${foaf}Person`)} .`,
      `${me} ${iri(`${rdf}type`)} ${iri(`${schema}Person`)} .`,
      `${me} ${iri(`${rdfs}label`)} ${stringLiteral(o.name)} .`,
      `${me} ${iri(`${foaf}name`)} ${stringLiteral(o.name)} .`,
      ...o.iris.filter((x) => x !== o.iri).map((s) => `${iri(s)} ${iri(`${owl}sameAs`)} ${me} .`),
    ];
    // No source has the owner as a speaker yet: nothing to say about them (no lone "Me" node).
    const data = o.sources.some((s) => s.speaker) ? `${lines.join('\n')}\n` : '';
    await this.deps.graph.request({ op: 'replaceGraph', graph: GRAPHS.owner, data, format: 'n-triples', asEdit: false, label: 'Owner', respectRemovals: false });
  }
}

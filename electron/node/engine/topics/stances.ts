// Stances over time: the preferences and facts about a person that change (likes → dislikes,
// one gym → another, a new job title), read from every graph that states them — the automatic
// extraction, a model's extraction and the person's own edits — and kept as a history.
//
// What makes two statements stances on the same subject (docs/topics.md):
//   - preferences: the same object (the same IRI, or labels with the same words by stem), whatever
//     the sentiment ("loves hiking", later "dislikes hiking");
//   - favourites (sentiment "prefers" with a category): the same category ("my favourite band");
//   - occupations: one slot per person (the latest job title is the current one);
//   - employers (schema:worksFor) and homes (schema:homeLocation): one slot each;
//   - memberships (schema:memberOf): one slot per kind of organization (the most specific class
//     that is not Organization itself: one gym after another, one choir after another);
//   - habits: the same activity (the habit's label without its schedule).
// A stance's dates are those of its statements: its pcm:validFrom values and the dates of the
// messages it was derived from. The one stated last is current; each earlier stance is valid
// until the first statement of the stance that followed it, which supersedes it. The result is
// written to GRAPHS.stances (pcm:validUntil, pcm:supersedes, pcm:supersededBy) and served as is.
import { GRAPHS, OWNER_IRI, PREFIXES } from '../../../../shared/rdf';
import type { RdfTerm, StanceHistory, StanceInfo, StanceKind, ValueOrigin } from '../../../../shared/types';
import { matchStem } from '../../../../shared/text/stem';
import { contentWords } from '../../../../shared/text/stop-words';
import { iri, typedLiteral } from '../stores/graph/ntriples';
import type { GraphStore } from '../stores/graph/graph-store';
import { originOf } from '../entities/entity-service';

const { pcm, schema, ob, rdfs, prov, dcterms, xsd, rdf } = PREFIXES;

type Row = Record<string, RdfTerm>;

/** One statement of a stance: who, what, which subject slot, when. */
interface Statement {
  person: string;
  stance: string;
  kind: StanceKind;
  slot: string;
  subject: string;
  label: string;
  value: string;
  date: string;
  /** Messages (post IRIs) that said it on that date. */
  posts: string[];
  origin: ValueOrigin;
}

const QUERY = `
PREFIX pcm: <${pcm}> PREFIX schema: <${schema}> PREFIX ob: <${ob}> PREFIX rdfs: <${rdfs}> PREFIX prov: <${prov}> PREFIX dcterms: <${dcterms}> PREFIX rdf: <${rdf}>
SELECT ?person ?p ?stance ?g ?label ?sentiment ?object ?objectLabel ?category ?from ?post ?said ?type ?schedule WHERE {
  VALUES ?p { pcm:hasPreference schema:hasOccupation schema:worksFor schema:memberOf schema:homeLocation ob:hasHabit }
  GRAPH ?g { ?person ?p ?stance }
  FILTER(?g != <${GRAPHS.stances}>)
  OPTIONAL { ?stance rdfs:label ?label }
  OPTIONAL { ?stance pcm:sentiment ?sentiment }
  OPTIONAL { ?stance pcm:preferenceObject ?object OPTIONAL { ?object rdfs:label ?objectLabel } }
  OPTIONAL { ?stance pcm:preferenceCategory ?category }
  OPTIONAL { ?stance pcm:validFrom ?from }
  OPTIONAL { ?stance prov:wasDerivedFrom ?post . ?post dcterms:created ?said }
  OPTIONAL { ?stance a ?type }
  OPTIONAL { ?stance schema:eventSchedule/rdfs:label ?schedule }
}`;

const KIND: Record<string, StanceKind> = {
  [`${pcm}hasPreference`]: 'preference',
  [`${schema}hasOccupation`]: 'occupation',
  [`${schema}worksFor`]: 'employer',
  [`${schema}memberOf`]: 'membership',
  [`${schema}homeLocation`]: 'home',
  [`${ob}hasHabit`]: 'habit',
};

/** Classes too general to tell one kind of organization from another. */
const GENERAL = new Set([`${schema}Organization`, `${schema}Thing`, `${schema}Place`, `${schema}LocalBusiness`, `${schema}Intangible`]);

/** A subject's key from a label: its content words by stem ("hiking trips" ≈ "hiking trip"). */
export function subjectKey(label: string): string {
  return contentWords(label).map(matchStem).sort().join(' ');
}

/** The statements in query rows; `owner` maps the owner's speaker IRIs to the owner. */
export function statementsOf(rows: Row[], ownerIris: ReadonlySet<string>): Statement[] {
  // group the rows of one (person, property, stance, graph)
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const k = `${r.person.value}\u0000${r.p.value}\u0000${r.stance.value}\u0000${r.g.value}`;
    const list = groups.get(k);
    if (list) list.push(r);
    else groups.set(k, [r]);
  }
  const out: Statement[] = [];
  for (const rs of groups.values()) {
    const r0 = rs[0];
    const person = ownerIris.has(r0.person.value) ? OWNER_IRI : r0.person.value;
    const kind = KIND[r0.p.value];
    const stance = r0.stance.value;
    const label = rs.find((r) => r.label)?.label?.value ?? stance.slice(stance.lastIndexOf('/') + 1);
    const sentiment = rs.find((r) => r.sentiment)?.sentiment?.value ?? '';
    const category = rs.find((r) => r.category)?.category?.value ?? '';
    const object = rs.find((r) => r.object)?.object?.value;
    const objectLabel = rs.find((r) => r.objectLabel)?.objectLabel?.value ?? (object ? object.slice(object.lastIndexOf('/') + 1).replace(/-/g, ' ') : label);
    const types = [...new Set(rs.map((r) => r.type?.value).filter((t): t is string => !!t))];
    const schedule = rs.find((r) => r.schedule)?.schedule?.value ?? '';
    let slot: string;
    let subject: string;
    let value = label;
    if (kind === 'preference') {
      if (sentiment === 'prefers' && category) {
        slot = `favourite:${subjectKey(category)}`;
        subject = `favourite ${category}`;
        value = objectLabel;
      } else {
        slot = `object:${subjectKey(objectLabel) || object || stance}`;
        subject = objectLabel;
        value = sentiment || label;
      }
    } else if (kind === 'membership') {
      const specific = types.filter((t) => !GENERAL.has(t)).sort()[0];
      slot = `membership:${specific ?? stance}`;
      subject = specific ? specific.slice(specific.search(/[^/#]*$/)).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() : label;
    } else if (kind === 'habit') {
      const activity = schedule ? label.replace(new RegExp(`\\s*${schedule.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'i'), '') : label;
      slot = `habit:${subjectKey(activity) || stance}`;
      subject = activity;
      value = label;
    } else {
      slot = kind;
      subject = kind === 'occupation' ? 'job title' : kind === 'employer' ? 'employer' : 'home';
    }
    const dates = new Map<string, Set<string>>();
    const on = (d: string) => dates.get(d) ?? dates.set(d, new Set()).get(d)!;
    for (const r of rs) {
      if (r.from) on(r.from.value.slice(0, 10));
      if (r.said) {
        const posts = on(r.said.value.slice(0, 10));
        if (r.post) posts.add(r.post.value);
      }
    }
    const origin = originOf(r0.g.value);
    for (const [date, posts] of dates) out.push({ person, stance, kind, slot: `${person}\u0000${slot}`, subject, label, value, date, posts: [...posts], origin });
    if (!dates.size) out.push({ person, stance, kind, slot: `${person}\u0000${slot}`, subject, label, value, date: '', posts: [], origin });
  }
  return out;
}

/** Histories of the subjects with statements; `changedOnly`: only those where the stance changed. */
export function histories(statements: Statement[], labels: Map<string, string>): StanceHistory[] {
  const bySlot = new Map<string, Statement[]>();
  for (const s of statements) {
    const list = bySlot.get(s.slot);
    if (list) list.push(s);
    else bySlot.set(s.slot, [s]);
  }
  const out: StanceHistory[] = [];
  for (const [slot, list] of bySlot) {
    const sorted = [...list].sort((a, b) => a.date.localeCompare(b.date) || a.stance.localeCompare(b.stance));
    const info = new Map<string, StanceInfo>();
    let previous: StanceInfo | null = null;
    for (const s of sorted) {
      let i = info.get(s.stance);
      if (!i) {
        i = { iri: s.stance, label: s.label, value: s.value, validFrom: s.date || null, validUntil: null, statedOn: [], origins: [], supersedes: null, supersededBy: null, posts: [] };
        info.set(s.stance, i);
      }
      if (s.date && !i.statedOn.includes(s.date)) i.statedOn.push(s.date);
      if (!i.origins.includes(s.origin)) i.origins.push(s.origin);
      for (const p of s.posts) if (!i.posts.includes(p)) i.posts.push(p);
      // another stance stated after this one's statements: the earlier one ends here
      if (previous && previous.iri !== i.iri && s.date) {
        previous.validUntil = s.date;
        previous.supersededBy = i.iri;
        if (i.supersedes === null) i.supersedes = previous.iri;
      }
      // a stance taken again (A → B → A) holds again
      if (previous && previous.iri !== i.iri) (i.validUntil = null), (i.supersededBy = null);
      previous = i;
    }
    const history = [...info.values()].sort((a, b) => (a.validFrom ?? '').localeCompare(b.validFrom ?? ''));
    const current = previous!;
    out.push({ key: slot.replace('\u0000', ' '), person: { iri: sorted[0].person, label: labels.get(sorted[0].person) ?? sorted[0].person }, kind: sorted[0].kind, subject: sorted[sorted.length - 1].subject, current, history });
  }
  return out.sort((a, b) => (b.current.statedOn.at(-1) ?? '').localeCompare(a.current.statedOn.at(-1) ?? ''));
}

/** The triples of the stance graph: validity and succession where a stance changed. */
export function stanceTriples(list: StanceHistory[]): string {
  const lines: string[] = [];
  for (const h of list) {
    for (const s of h.history) {
      if (!s.supersededBy) continue;
      if (s.validUntil) lines.push(`${iri(s.iri)} ${iri(`${pcm}validUntil`)} ${typedLiteral(s.validUntil, `${xsd}date`)} .`);
      lines.push(`${iri(s.iri)} ${iri(`${pcm}supersededBy`)} ${iri(s.supersededBy)} .`);
      lines.push(`${iri(s.supersededBy)} ${iri(`${pcm}supersedes`)} ${iri(s.iri)} .`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

export class StanceService {
  constructor(
    private readonly graph: GraphStore,
    private readonly ownerIris: () => string[],
  ) {}

  /** Every subject's history, from the graphs as they are now. */
  async all(): Promise<StanceHistory[]> {
    await this.graph.ready();
    const res = await this.graph.request({ op: 'query', sparql: QUERY, limit: 200_000 });
    if (res.kind !== 'select') return [];
    const owner = new Set(this.ownerIris());
    const statements = statementsOf(res.rows, owner);
    const people = [...new Set(statements.map((s) => s.person))];
    const labels = await this.labels(people);
    return histories(statements, labels);
  }

  /** Histories of one person (the owner's IRIs count as the owner), or about a subject's words. */
  async list(filter: { person?: string; subject?: string; changedOnly?: boolean } = {}): Promise<StanceHistory[]> {
    const owner = new Set(this.ownerIris());
    const person = filter.person && owner.has(filter.person) ? OWNER_IRI : filter.person;
    const words = filter.subject ? subjectKey(filter.subject).split(' ').filter(Boolean) : [];
    return (await this.all()).filter((h) => {
      if (person && h.person.iri !== person) return false;
      if (filter.changedOnly && h.history.length < 2) return false;
      if (!words.length) return true;
      const have = new Set(subjectKey(`${h.subject} ${h.history.map((s) => s.label).join(' ')}`).split(' '));
      return words.every((w) => have.has(w));
    });
  }

  /** Recomputes the stance graph (after the automatic job, a model's chunks, the person's edits). */
  async refresh(): Promise<number> {
    const list = await this.all();
    const data = stanceTriples(list);
    await this.graph.request({ op: 'replaceGraph', graph: GRAPHS.stances, data, format: 'n-triples', asEdit: false, label: 'Stances over time', respectRemovals: true });
    return list.filter((h) => h.history.length > 1).length;
  }

  private async labels(iris: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!iris.length) return out;
    const res = await this.graph.request({ op: 'query', sparql: `SELECT ?s ?l WHERE { VALUES ?s { ${iris.map((i) => iri(i)).join(' ')} } GRAPH ?g { ?s <${rdfs}label> ?l } }`, limit: 10_000 });
    if (res.kind === 'select') for (const r of res.rows) if (!out.has(r.s.value)) out.set(r.s.value, r.l.value);
    return out;
  }
}

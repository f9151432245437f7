// The person's edits as explicit quad deltas.
//
// A SPARQL UPDATE is turned into the exact quads it removes and adds, so that it can be
// journaled, replayed after a crash and undone. Edits follow the person's view of the graph
// (the union of all named graphs):
//   - a triple deleted without GRAPH leaves every graph that holds it; when it came from a
//     machine-written graph (messages, extraction), a removal record is kept so that a later
//     re-extraction does not bring it back;
//   - a triple inserted without GRAPH goes into the person's own graph (unless it already
//     stands somewhere), and clears any removal record of it;
//   - explicit GRAPH clauses and graph operations (CLEAR, DROP, ADD, MOVE, COPY) mean what
//     they say.
import { createHash, randomUUID } from 'node:crypto';
import { Generator, Parser } from 'sparqljs';
import type * as SparqlJs from 'sparqljs';
import { GRAPHS, PREFIXES } from '../../../../../shared/rdf';
import { GENID_BASE, ox, quadKey, tripleKey, type Quad, type Term } from './rdf-io';

type Store = import('oxigraph').Store;
type OxTerm = import('oxigraph').NamedNode | import('oxigraph').Literal;

const RDF = PREFIXES.rdf;
const DCTERMS = PREFIXES.dcterms;
const PCM = PREFIXES.pcm;

export class EditRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EditRefused';
  }
}

/** Net change of an edit; `apply`/`revert` keep the store and this record in step. */
export class Delta {
  private readonly removedByKey = new Map<string, Quad>();
  private readonly addedByKey = new Map<string, Quad>();

  get removed(): Quad[] {
    return [...this.removedByKey.values()];
  }
  get added(): Quad[] {
    return [...this.addedByKey.values()];
  }
  get empty(): boolean {
    return this.removedByKey.size === 0 && this.addedByKey.size === 0;
  }

  remove(store: Store, q: Quad): void {
    if (!store.has(q)) return;
    store.delete(q);
    const k = quadKey(q);
    if (this.addedByKey.has(k)) this.addedByKey.delete(k);
    else this.removedByKey.set(k, q);
  }

  add(store: Store, q: Quad): void {
    if (store.has(q)) return;
    store.add(q);
    const k = quadKey(q);
    if (this.removedByKey.has(k)) this.removedByKey.delete(k);
    else this.addedByKey.set(k, q);
  }

  /** Undoes this delta on the store (used when a later step of the same edit fails). */
  revert(store: Store): void {
    for (const q of this.addedByKey.values()) store.delete(q);
    for (const q of this.removedByKey.values()) store.add(q);
  }
}

export function removalRecordIri(q: Quad): string {
  return `${GRAPHS.userRemoved}/${createHash('sha1').update(tripleKey(q)).digest('hex')}`;
}

const MACHINE_GRAPH = (g: string) => g !== GRAPHS.user && g !== GRAPHS.userRemoved && g !== GRAPHS.ontology;

/** Whether the person removed this triple (so machine writes must not bring it back). */
export function isRemovedByPerson(store: Store, q: Quad): boolean {
  return store.match(ox.namedNode(removalRecordIri(q)), null, null, ox.namedNode(GRAPHS.userRemoved)).length > 0;
}

export class UserEditor {
  private readonly parser = new Parser({ prefixes: PREFIXES });
  private readonly generator = new Generator();

  constructor(private readonly store: Store) {}

  /** Applies an UPDATE to the store and returns its net delta; on any error the store is left unchanged. */
  applyUpdate(sparql: string): Delta {
    let parsed: SparqlJs.SparqlQuery;
    try {
      parsed = this.parser.parse(sparql);
    } catch (e) {
      throw new EditRefused(`SPARQL syntax error: ${(e as Error).message.split('\n')[0]}`);
    }
    if (parsed.type !== 'update') throw new EditRefused('this is a query, not an update; run it with Run');
    const delta = new Delta();
    try {
      for (const op of parsed.updates) this.applyOperation(op, parsed, delta);
    } catch (e) {
      delta.revert(this.store);
      throw e;
    }
    return delta;
  }

  /** Deletes triples (person's semantics) and inserts triples (into the person's graph). */
  applyTriples(remove: Quad[], add: Quad[]): Delta {
    const delta = new Delta();
    for (const q of remove) this.deleteTriple(q, delta);
    for (const q of add) this.insertTriple(q, delta);
    return delta;
  }

  private applyOperation(op: SparqlJs.UpdateOperation, parsed: SparqlJs.Update, delta: Delta): void {
    if ('updateType' in op) {
      switch (op.updateType) {
        case 'insert':
          return this.instantiate(op.insert ?? [], [new Map()], delta, 'insert', undefined);
        case 'delete':
          return this.instantiate(op.delete ?? [], [new Map()], delta, 'delete', undefined);
        case 'deletewhere': {
          const where = (op.delete ?? []).map(patternOfQuads);
          return this.instantiate(op.delete ?? [], this.solutions(where, parsed, undefined), delta, 'delete', undefined);
        }
        case 'insertdelete': {
          const withGraph = op.graph?.termType === 'NamedNode' ? op.graph.value : undefined;
          const rows = this.solutions(op.where ?? [], parsed, withGraph, op.using);
          this.instantiate(op.delete ?? [], rows, delta, 'delete', withGraph);
          this.instantiate(op.insert ?? [], rows, delta, 'insert', withGraph);
          return;
        }
      }
    }
    const mgmt = op as SparqlJs.ManagementOperation;
    switch (mgmt.type) {
      case 'load':
        throw new EditRefused('LOAD is not available: Engram does not fetch from the network (use Import or the TTL tab)');
      case 'create':
        return;
      case 'clear':
      case 'drop':
        for (const g of this.graphsOf((mgmt as SparqlJs.ClearDropOperation).graph)) {
          for (const q of this.store.match(null, null, null, g)) delta.remove(this.store, q);
        }
        return;
      case 'add':
      case 'move':
      case 'copy': {
        const { source, destination } = mgmt as SparqlJs.CopyMoveAddOperation;
        const from = this.graphsOf(source)[0];
        const to = this.graphsOf(destination)[0];
        if (from.equals(to)) return;
        if (mgmt.type !== 'add') for (const q of this.store.match(null, null, null, to)) delta.remove(this.store, q);
        for (const q of this.store.match(null, null, null, from)) {
          delta.add(this.store, ox.quad(q.subject, q.predicate, q.object, to));
          if (mgmt.type === 'move') delta.remove(this.store, q);
        }
        return;
      }
    }
  }

  private graphsOf(target: SparqlJs.GraphOrDefault | SparqlJs.GraphReference): import('oxigraph').Quad_Graph[] {
    if ('default' in target && target.default) return [ox.defaultGraph()];
    if ('name' in target && target.name) return [ox.namedNode(target.name.value)];
    const names = this.store.query('SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }') as Map<string, Term>[];
    const named = names.map((r) => r.get('g') as import('oxigraph').NamedNode);
    return 'all' in target && target.all ? [ox.defaultGraph(), ...named] : named;
  }

  /** Solutions of a WHERE pattern over the union of all graphs (or the WITH graph). */
  private solutions(where: SparqlJs.Pattern[], parsed: SparqlJs.Update, withGraph: string | undefined, using?: { default: SparqlJs.IriTerm[]; named: SparqlJs.IriTerm[] }): Map<string, Term>[] {
    const query: SparqlJs.SelectQuery = {
      type: 'query',
      queryType: 'SELECT',
      variables: [{ termType: 'Wildcard', value: '*' } as SparqlJs.Wildcard],
      where,
      prefixes: parsed.prefixes,
      base: parsed.base,
    };
    const text = this.generator.stringify(query);
    const usingDefault = using?.default?.map((g) => ox.namedNode(g.value));
    return this.store.query(text, {
      default_graph: withGraph ? ox.namedNode(withGraph) : usingDefault?.length ? usingDefault : this.personsView(),
      named_graphs: using?.named?.length ? using.named.map((g) => ox.namedNode(g.value)) : undefined,
    }) as Map<string, Term>[];
  }

  /** Every graph but the removal records: edits see (and touch) the graph as the person sees it. */
  private personsView(): import('oxigraph').NamedNode[] {
    const rows = this.store.query('SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }') as Map<string, Term>[];
    return rows.map((r) => r.get('g') as import('oxigraph').NamedNode).filter((g) => g.value !== GRAPHS.userRemoved);
  }

  private instantiate(
    templates: SparqlJs.Quads[],
    rows: Map<string, Term>[],
    delta: Delta,
    mode: 'insert' | 'delete',
    withGraph: string | undefined,
  ): void {
    // All solutions are instantiated before any change, as the spec requires.
    const pending: { quad: Quad; explicit: boolean }[] = [];
    for (const row of rows) {
      const bnodes = new Map<string, import('oxigraph').NamedNode>();
      for (const block of templates) {
        const graphTerm = block.type === 'graph' ? block.name : undefined;
        for (const t of block.triples) {
          const s = this.bind(t.subject, row, bnodes, mode);
          const p = this.bind(t.predicate as SparqlJs.Term, row, bnodes, mode);
          const o = this.bind(t.object, row, bnodes, mode);
          const g = graphTerm ? this.bind(graphTerm, row, bnodes, mode) : withGraph ? ox.namedNode(withGraph) : undefined;
          if (!s || !p || !o || (graphTerm && !g)) continue; // unbound: the spec skips such triples
          if (s.termType === 'Literal' || p.termType !== 'NamedNode') continue;
          pending.push({ quad: ox.quad(s as never, p as never, o as never, (g ?? ox.defaultGraph()) as never), explicit: !!g });
        }
      }
    }
    for (const { quad: q, explicit } of pending) {
      if (mode === 'delete') {
        if (explicit) delta.remove(this.store, q);
        else this.deleteTriple(q, delta);
      } else if (explicit) {
        delta.add(this.store, q);
      } else {
        this.insertTriple(q, delta);
      }
    }
  }

  private bind(term: SparqlJs.Term, row: Map<string, Term>, bnodes: Map<string, import('oxigraph').NamedNode>, mode: 'insert' | 'delete'): Term | undefined {
    switch (term.termType) {
      case 'Variable':
        return row.get(term.value);
      case 'NamedNode':
        return ox.namedNode(term.value);
      case 'Literal':
        return term.language
          ? ox.literal(term.value, term.language)
          : ox.literal(term.value, term.datatype ? ox.namedNode(term.datatype.value) : undefined);
      case 'BlankNode': {
        if (mode === 'delete') throw new EditRefused('blank nodes are not allowed in DELETE templates');
        let iri = bnodes.get(term.value);
        if (!iri) {
          iri = ox.namedNode(`${GENID_BASE}${randomUUID()}`);
          bnodes.set(term.value, iri);
        }
        return iri;
      }
      default:
        return undefined;
    }
  }

  private deleteTriple(q: Quad, delta: Delta): void {
    for (const found of this.store.match(q.subject, q.predicate, q.object, null)) {
      if (found.graph.value === GRAPHS.userRemoved) continue;
      delta.remove(this.store, found);
      if (found.graph.termType === 'NamedNode' && MACHINE_GRAPH(found.graph.value)) this.recordRemoval(found, delta);
    }
  }

  private insertTriple(q: Quad, delta: Delta): void {
    const record = ox.namedNode(removalRecordIri(q));
    for (const r of this.store.match(record, null, null, ox.namedNode(GRAPHS.userRemoved))) delta.remove(this.store, r);
    if (this.store.match(q.subject, q.predicate, q.object, null).some((f) => f.graph.value !== GRAPHS.userRemoved)) return;
    delta.add(this.store, ox.quad(q.subject, q.predicate, q.object, ox.namedNode(GRAPHS.user)));
  }

  private recordRemoval(q: Quad, delta: Delta): void {
    const record = ox.namedNode(removalRecordIri(q));
    const g = ox.namedNode(GRAPHS.userRemoved);
    const at = ox.literal(new Date().toISOString(), ox.namedNode(`${PREFIXES.xsd}dateTime`));
    delta.add(this.store, ox.quad(record, ox.namedNode(`${RDF}type`), ox.namedNode(`${PCM}RemovedStatement`), g));
    delta.add(this.store, ox.quad(record, ox.namedNode(`${RDF}subject`), q.subject as OxTerm, g));
    delta.add(this.store, ox.quad(record, ox.namedNode(`${RDF}predicate`), q.predicate, g));
    delta.add(this.store, ox.quad(record, ox.namedNode(`${RDF}object`), q.object as OxTerm, g));
    if (!this.store.match(record, ox.namedNode(`${DCTERMS}created`), null, g).length) {
      delta.add(this.store, ox.quad(record, ox.namedNode(`${DCTERMS}created`), at, g));
    }
  }
}

function patternOfQuads(q: SparqlJs.Quads): SparqlJs.Pattern {
  return q.type === 'graph' ? { type: 'graph', name: q.name as SparqlJs.IriTerm, patterns: [{ type: 'bgp', triples: q.triples }] } : { type: 'bgp', triples: q.triples };
}

// One IRI per real-world thing, for the automatic extraction.
//
// IRIs come from normalised names, so the same thing mentioned again — in another message or
// another source — gets the same IRI:
//   - places, organizations and titled works are the same everywhere: entity/place/paris;
//   - people, pets and belongings belong to someone's world. The owner's world is one across
//     all sources (entity/person/ana is the owner's Ana wherever she is named); the world of
//     people who are not the owner is their source (entity/person/<source>/ana), so that two
//     logs between other people never share a "Max";
//   - events, actions and facts are keyed by who, what and (for things that happen) the message.
// A name seen with roles that exclude one another (the sister Ana and the colleague Ana) is two
// people; a mention without a role goes to the one person of that name, or the latest mentioned.
// "Mum", "Mom" and "my mother" are one role (lexicon.ts), so one person.
import { createHash } from 'node:crypto';
import { entitySlug, MEMORY_BASE, OWNER_IRI, PREFIXES } from '../../../../../shared/rdf';
import type { GraphBuilder } from './graph-builder';
import { rolesConflict, type Role } from './lexicon';
import { sentenceCase } from './nlp';
import { normalizeText } from '../../../../../shared/text/words';

const { foaf, schema, pcm } = PREFIXES;
const NS = `${MEMORY_BASE}entity/`;

export interface PersonRef {
  iri: string;
  name: string;
}

interface Known {
  iri: string;
  name: string;
  groups: Set<Role['group']>;
  /** role nouns by anchor IRI */
  roles: Map<string, Set<string>>;
  last: number;
}

/** A name's matching key (the toolkit's normalised text), without a possessive: "Ana's" → "ana". */
const nameKey = (name: string) => normalizeText(name.replace(/['’]s$/i, ''));
const short = (s: string) => createHash('sha1').update(s).digest('hex').slice(0, 10);

export class EntityRegistry {
  private readonly speakerRefs = new Map<string, PersonRef>();
  private readonly people = new Map<string, Known[]>();
  private tick = 0;

  constructor(
    private readonly sourceKey: string,
    speakers: Map<string, string>,
    private readonly b: GraphBuilder,
  ) {
    for (const [name, iri] of speakers) {
      const ref = { iri, name };
      const k = nameKey(name);
      this.speakerRefs.set(k, ref);
      const first = k.split(' ')[0];
      if (first !== k && !this.speakerRefs.has(first)) this.speakerRefs.set(first, ref);
    }
  }

  private scopeOf(anchor: PersonRef | undefined): string {
    return !anchor || anchor.iri === OWNER_IRI ? '' : `${this.sourceKey}/`;
  }

  /** A speaker of the source by name, first name or a nickname that starts it ("Sam" for Samantha). */
  speaker(name: string): PersonRef | null {
    const k = nameKey(name);
    const exact = this.speakerRefs.get(k);
    if (exact) return exact;
    if (k.length < 3 || k.includes(' ')) return null;
    const matches = new Set([...this.speakerRefs.entries()].filter(([n]) => n.startsWith(k)).map(([, r]) => r));
    return matches.size === 1 ? [...matches][0] : null;
  }

  /** A person already known by this name (a speaker, or someone named before), or null. */
  knownPerson(name: string): PersonRef | null {
    const sp = this.speaker(name);
    if (sp) return sp;
    const list = this.people.get(nameKey(name));
    if (!list?.length) return null;
    const latest = [...list].sort((a, b) => b.last - a.last)[0];
    latest.last = ++this.tick;
    return { iri: latest.iri, name: latest.name };
  }

  private describePerson(iri: string, label: string, msg: number): void {
    this.b.type(iri, `${foaf}Person`, msg);
    this.b.type(iri, `${schema}Person`, msg);
    this.b.label(iri, label, msg);
  }

  /** A named person without a role ("a guy named Samuel"): the known one, else a new one. */
  person(name: string, msg: number, anchor?: PersonRef): PersonRef | null {
    const known = this.knownPerson(name);
    if (known) {
      if (known.iri.startsWith(NS)) this.describePerson(known.iri, known.name, msg);
      return known;
    }
    const k = nameKey(name);
    if (!k) return null;
    const iri = `${NS}person/${this.scopeOf(anchor)}${entitySlug(k)}`;
    this.people.set(k, [...(this.people.get(k) ?? []), { iri, name, groups: new Set(), roles: new Map(), last: ++this.tick }]);
    this.describePerson(iri, name, msg);
    return { iri, name };
  }

  /** The person in a role of the anchor ("my sister Ana", "my mum", "Noor's daughter"). */
  relative(anchor: PersonRef, role: Role, name: string | null, msg: number): PersonRef | null {
    const scope = this.scopeOf(anchor);
    if (name) {
      const sp = this.speaker(name);
      if (sp) return sp.iri === anchor.iri ? null : sp;
      const k = nameKey(name);
      const list = this.people.get(k) ?? [];
      let pick = list.find((p) => ![...p.groups].some((g) => rolesConflict(g, role.group)));
      if (!pick) {
        // a second person of this name (or the first): the role tells them apart
        const iri = `${NS}person/${scope}${entitySlug(list.length ? `${k} ${role.noun}` : k)}`;
        pick = { iri, name, groups: new Set(), roles: new Map(), last: 0 };
        list.push(pick);
        this.people.set(k, list);
      }
      pick.groups.add(role.group);
      pick.roles.set(anchor.iri, new Set([...(pick.roles.get(anchor.iri) ?? []), role.noun]));
      pick.last = ++this.tick;
      this.describePerson(pick.iri, name, msg);
      return { iri: pick.iri, name };
    }
    // unnamed: the one named person in that role of the anchor, else "<anchor>'s <role>"
    const named = [...this.people.values()].flat().filter((p) => p.roles.get(anchor.iri)?.has(role.noun));
    if (named.length === 1) {
      named[0].last = ++this.tick;
      this.describePerson(named[0].iri, named[0].name, msg);
      return { iri: named[0].iri, name: named[0].name };
    }
    if (!role.unique && named.length > 1) return null;
    const anchorSlug = anchor.iri === OWNER_IRI ? 'owner' : entitySlug(anchor.name);
    const iri = `${NS}person/${scope}${anchorSlug}-${entitySlug(role.noun)}`;
    const label = `${anchor.name}'s ${role.noun}`;
    this.describePerson(iri, label, msg);
    return { iri, name: label };
  }

  /** A pet of the anchor, by name, else by species ("Ana's guinea pig"). */
  pet(anchor: PersonRef, name: string | null, species: string, msg: number): string {
    const scope = this.scopeOf(anchor);
    const anchorSlug = anchor.iri === OWNER_IRI ? 'owner' : entitySlug(anchor.name);
    const iri = `${NS}pet/${scope}${name ? entitySlug(name) : `${anchorSlug}-${entitySlug(species)}`}`;
    this.b.type(iri, `${pcm}Pet`, msg);
    this.b.label(iri, name ?? `${anchor.name}'s ${species}`, msg);
    if (name) this.b.value(iri, `${foaf}name`, name, msg);
    return iri;
  }

  /** A place: named places are one everywhere; "the park" belongs to the world of who said it. */
  place(text: string, cls: string, msg: number, worldOf?: PersonRef): string {
    const iri = `${NS}place/${worldOf ? this.scopeOf(worldOf) : ''}${entitySlug(text)}`;
    this.b.type(iri, cls, msg);
    this.b.label(iri, worldOf ? sentenceCase(text) : text, msg);
    return iri;
  }

  /** An organization: named ones are one everywhere; "a book club" belongs to its member's world. */
  org(text: string, cls: string, msg: number, worldOf?: PersonRef): string {
    const iri = `${NS}org/${worldOf ? this.scopeOf(worldOf) : ''}${entitySlug(text)}`;
    this.b.type(iri, cls, msg);
    this.b.label(iri, worldOf ? sentenceCase(text) : text, msg);
    return iri;
  }

  /** A topic, activity or kind of thing ("pottery", "mental health"): one everywhere. */
  concept(text: string, cls: string, msg: number): string {
    const iri = `${NS}concept/${entitySlug(text)}`;
    this.b.type(iri, cls, msg);
    this.b.label(iri, text.toLowerCase() === text ? sentenceCase(text) : text, msg);
    return iri;
  }

  /** A titled work ("Becoming Nicole"): one everywhere. */
  work(title: string, cls: string, msg: number): string {
    const iri = `${NS}work/${entitySlug(title)}`;
    this.b.type(iri, cls, msg);
    this.b.label(iri, title, msg);
    return iri;
  }

  /** A belonging of the anchor ("new running shoes"). */
  thing(anchor: PersonRef, text: string, cls: string, msg: number): string {
    const anchorSlug = anchor.iri === OWNER_IRI ? 'owner' : entitySlug(anchor.name);
    const iri = `${NS}thing/${this.scopeOf(anchor)}${anchorSlug}-${entitySlug(text)}`;
    this.b.type(iri, cls, msg);
    this.b.label(iri, sentenceCase(text), msg);
    return iri;
  }

  /**
   * A fact about the anchor: keyed by what it says, and by the message for things that happen
   * (each "went to a concert" is its own event), so the same input always gives the same IRI.
   */
  fact(kind: string, anchor: PersonRef, key: string, msg?: number): string {
    const who = anchor.iri === OWNER_IRI ? 'owner' : entitySlug(anchor.name);
    const id = short(`${anchor.iri}\u0000${kind}\u0000${key.toLowerCase()}\u0000${msg !== undefined ? this.b.postOf(msg) : ''}`);
    return `${NS}${kind}/${this.scopeOf(anchor)}${who}-${entitySlug(key).slice(0, 32)}-${id}`;
  }
}

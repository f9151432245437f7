// The phrasing layer: how people commonly name things, mapped to the PCM ontology
// (resources/ontology/pcm.ttl). What it does not know, the lexicon derived from the ontology
// itself and WordNet answers (ontology-lexicon.ts), so every class and property can be asked
// about. The templates are
// type-first: a question's concept is mapped to an ontology class and matched with
// rdfs:subClassOf* (so "events" finds concerts, races and parties), its verb to an action
// class ("what did I buy" → schema:BuyAction), and "my X" to the property path that links the
// person to X ("my dog" → pcm:hasPet). Every IRI here is checked against the ontology by a test.
import { PREFIXES } from '../../../../shared/rdf';

const { schema, pcm, ob, foaf, oc, rel } = PREFIXES;

export interface Concept {
  /** Words that name it (a regular expression over the lower-cased question, word-bounded). */
  words: string;
  /** The classes it maps to (instances of any of them, or of their subclasses). */
  classes: string[];
  /** Words that must also be in the label (a "charity event" is an Event whose label says charity). */
  keywords?: string[];
}

/** Longest / most specific phrases first: the first concept that matches wins. */
export const CONCEPTS: Concept[] = [
  { words: 'charity (?:events?|runs?|races?)', classes: [`${schema}Event`, `${schema}Action`], keywords: ['charit'] },
  { words: 'medical appointments?|doctor(?:\'s)? (?:appointments?|visits?)|appointments?', classes: [`${pcm}MedicalAppointment`] },
  { words: 'concerts?|gigs?', classes: [`${schema}MusicEvent`] },
  { words: 'festivals?', classes: [`${schema}Festival`] },
  { words: 'exhibitions?', classes: [`${schema}ExhibitionEvent`] },
  { words: 'plays?|theat(?:er|re) (?:shows?|plays?)', classes: [`${schema}TheaterEvent`] },
  { words: 'races?|matches|marathons?|10ks?', classes: [`${schema}SportsEvent`] },
  { words: 'parties|party|birthday parties|birthday party|dinners?|get-togethers?', classes: [`${schema}SocialEvent`] },
  { words: 'classes|workshops?|lectures?', classes: [`${schema}EducationEvent`] },
  { words: 'courses?', classes: [`${schema}Course`, `${schema}EducationEvent`] },
  { words: 'repairs?|haircuts?|deliveries|services?', classes: [`${pcm}ServiceEvent`] },
  { words: 'problems?|issues?|breakdowns?|accidents?', classes: [`${pcm}ProblemEvent`] },
  { words: 'events?|things? (?:i|we) (?:went|go) to', classes: [`${schema}Event`] },
  { words: 'trips?|travels?|journeys?|holidays?|vacations?|getaways?|weekends? away', classes: [`${schema}TravelAction`, `${ob}Travel`] },
  { words: 'workouts?|runs?|exercises?|training sessions?', classes: [`${schema}ExerciseAction`, `${ob}PhysicalActivity`] },
  { words: 'purchases?|things? (?:i|we) bought', classes: [`${schema}BuyAction`] },
  { words: 'donations?', classes: [`${schema}DonateAction`] },
  { words: 'presents?|gifts?', classes: [`${schema}GiveAction`] },
  { words: 'bookings?|reservations?', classes: [`${schema}ReserveAction`] },
  { words: 'recommendations?|suggestions?|tips?', classes: [`${schema}Recommendation`] },
  { words: 'books?|novels?|audiobooks?', classes: [`${schema}Book`] },
  { words: 'films?|movies?', classes: [`${schema}Movie`] },
  { words: 'series|tv shows?|shows?', classes: [`${schema}TVSeries`] },
  { words: 'podcasts?', classes: [`${schema}PodcastSeries`] },
  { words: 'albums?|records?', classes: [`${schema}MusicAlbum`] },
  { words: 'songs?|tracks?', classes: [`${schema}MusicRecording`] },
  { words: 'bands?|artists?|musicians?', classes: [`${schema}MusicGroup`] },
  { words: 'recipes?|dishes', classes: [`${schema}Recipe`] },
  { words: 'restaurants?', classes: [`${schema}Restaurant`] },
  { words: 'caf(?:e|é)s?|coffee shops?', classes: [`${schema}CafeOrCoffeeShop`] },
  { words: 'bars?|places to eat|food places?', classes: [`${schema}FoodEstablishment`] },
  { words: 'hotels?|hostels?|apartments? (?:we|i) (?:stayed|rented)', classes: [`${schema}LodgingBusiness`] },
  { words: 'gyms?|fitness studios?|climbing gyms?|bouldering gyms?', classes: [`${schema}ExerciseGym`] },
  { words: 'shops?|stores?', classes: [`${schema}Store`] },
  { words: 'clinics?|practices?|physios?|doctors?(?! appointment)', classes: [`${schema}MedicalClinic`, `${schema}MedicalOrganization`] },
  { words: 'clubs?|teams?|groups?', classes: [`${foaf}Group`, `${schema}SportsOrganization`] },
  { words: 'companies|company|employers?|organi[sz]ations?|charities|charity|ngos?', classes: [`${schema}Organization`] },
  { words: 'cities|city|towns?', classes: [`${schema}City`] },
  { words: 'countries|country', classes: [`${schema}Country`] },
  { words: 'sights?|museums?|landmarks?|attractions?', classes: [`${schema}TouristAttraction`] },
  { words: 'places?|locations?|venues?', classes: [`${schema}Place`] },
  { words: 'pets?|dogs?|cats?|animals?', classes: [`${pcm}Pet`] },
  { words: 'plants?|house ?plants?|herbs?', classes: [`${pcm}Plant`] },
  { words: 'clothes|clothing|shoes|jackets?|garments?', classes: [`${pcm}Clothing`] },
  { words: 'products?|gadgets?|devices?|items?', classes: [`${schema}Product`] },
  { words: 'medications?|medicines?|pills|supplements?|drugs?', classes: [`${schema}Drug`] },
  { words: 'injur(?:y|ies)', classes: [`${pcm}Injury`] },
  { words: 'symptoms?', classes: [`${oc}Symptom`] },
  { words: 'allerg(?:y|ies)', classes: [`${pcm}Allergy`] },
  { words: 'illness(?:es)?|diseases?|conditions?|diagnos(?:is|es)', classes: [`${schema}MedicalCondition`] },
  { words: 'treatments?|therap(?:y|ies)', classes: [`${oc}TreatmentProcedure`, `${schema}MedicalProcedure`] },
  { words: 'habits?|routines?', classes: [`${ob}Habit`] },
  { words: 'goals?|targets?', classes: [`${pcm}Goal`] },
  { words: 'collections?', classes: [`${pcm}Collection`] },
  { words: 'accounts?', classes: [`${pcm}SocialMediaAccount`, `${foaf}OnlineAccount`] },
  { words: 'jobs?|occupations?|professions?', classes: [`${schema}Occupation`] },
  { words: 'preferences?', classes: [`${pcm}Preference`] },
  { words: 'activities|activity|hobbies|hobby', classes: [`${ob}Activity`] },
  { words: 'people|persons?|friends?|family members?|relatives?|colleagues?|contacts?', classes: [`${foaf}Person`] },
];

export interface VerbAction {
  /** Verb forms, as a regular expression. */
  words: string;
  /** The action class (instances of it or its subclasses). */
  action: string;
  /** The property that points at what the action was about (what was bought, read, visited). */
  objectProps: string[];
  /** Past-tense label for answers ("bought"). */
  past: string;
}

export const VERBS: VerbAction[] = [
  { words: 'buy|bought|purchased?|get|got', action: `${schema}BuyAction`, objectProps: [`${schema}object`], past: 'bought' },
  { words: 'order|ordered', action: `${schema}OrderAction`, objectProps: [`${schema}object`], past: 'ordered' },
  { words: 'pay|paid', action: `${schema}PayAction`, objectProps: [`${schema}object`], past: 'paid for' },
  { words: 'read|reading', action: `${schema}ReadAction`, objectProps: [`${schema}object`], past: 'read' },
  { words: 'watch|watched|see|saw', action: `${schema}WatchAction`, objectProps: [`${schema}object`], past: 'watched' },
  { words: 'listen(?:ed)? to|listen(?:ed)?', action: `${schema}ListenAction`, objectProps: [`${schema}object`], past: 'listened to' },
  { words: 'visit|visited|travel(?:l?ed)? to|go to|went to|fly to|flew to', action: `${schema}TravelAction`, objectProps: [`${schema}toLocation`, `${schema}location`], past: 'visited' },
  { words: 'eat|ate', action: `${schema}EatAction`, objectProps: [`${schema}object`], past: 'ate' },
  { words: 'drink|drank', action: `${schema}DrinkAction`, objectProps: [`${schema}object`], past: 'drank' },
  { words: 'cook|cooked|make|made|bake|baked', action: `${schema}CookAction`, objectProps: [`${schema}object`, `${schema}result`], past: 'cooked' },
  { words: 'book|booked|reserve|reserved', action: `${schema}ReserveAction`, objectProps: [`${schema}object`], past: 'booked' },
  { words: 'join|joined|sign(?:ed)? up for|register(?:ed)? for', action: `${schema}JoinAction`, objectProps: [`${schema}object`], past: 'joined' },
  { words: 'cancel|cancell?ed', action: `${schema}CancelAction`, objectProps: [`${schema}object`], past: 'cancelled' },
  { words: 'donate|donated', action: `${schema}DonateAction`, objectProps: [`${schema}object`, `${schema}recipient`], past: 'donated' },
  { words: 'give|gave', action: `${schema}GiveAction`, objectProps: [`${schema}object`], past: 'gave' },
  { words: 'write|wrote', action: `${schema}WriteAction`, objectProps: [`${schema}object`, `${schema}result`], past: 'wrote' },
  { words: 'paint|painted', action: `${schema}PaintAction`, objectProps: [`${schema}object`, `${schema}result`], past: 'painted' },
  { words: 'use|used', action: `${schema}UseAction`, objectProps: [`${schema}object`], past: 'used' },
];

export interface Attribute {
  /** "my <words>": the thing of the person the question asks about. */
  words: string;
  /**
   * Path from the person to the value, as SPARQL (the person is `?me`, the value `?value`).
   * Kept to one-hop or two-hop paths so that they stay readable in the editor.
   */
  path: string;
  /** A class the value has (type-first), when the path alone is too loose. */
  valueClass?: string;
  /** Literal properties of the value worth showing ("breed", "species", "size"). */
  details: string[];
  /** The value is a number (a count or a size): its latest statement is the answer. */
  numeric?: boolean;
  /** The node in the path that carries validity and provenance when the value is a literal ("?account"). */
  holder?: string;
}

export const ATTRIBUTES: Attribute[] = [
  { words: '(?:\\w+ )?(?:social (?:media )?)?account|followers', path: `?me <${pcm}hasSocialAccount> ?account . ?account <${pcm}followerCount> ?value`, details: [], numeric: true, holder: '?account' },
  { words: '(?:\\w+ )?collection', path: `?me <${pcm}hasCollection> ?collection . ?collection <${pcm}collectionSize> ?value`, details: [], numeric: true, holder: '?collection' },
  { words: 'job title|title at work|position|role at work', path: `?me <${schema}jobTitle> ?value`, details: [] },
  { words: 'jobs?|occupation|profession|work', path: `?me <${schema}hasOccupation> ?value`, details: [`${schema}jobTitle`] },
  { words: 'employer|company', path: `?me <${schema}worksFor> ?value`, details: [] },
  { words: 'home|address|flat|apartment', path: `?me <${schema}homeLocation> ?value`, details: [`${schema}address`] },
  { words: 'dog|cat|pets?|rabbit', path: `?me <${pcm}hasPet> ?value`, details: [`${pcm}petSpecies`, `${pcm}petBreed`, `${foaf}age`] },
  { words: 'plants?|house ?plants?|herbs?', path: `?me <${pcm}grows> ?value`, details: [`${pcm}plantSpecies`] },
  { words: 'gym|fitness studio|climbing gym', path: `?me <${schema}memberOf> ?value`, valueClass: `${schema}ExerciseGym`, details: [`${schema}price`] },
  { words: 'clubs?|teams?', path: `?me <${schema}memberOf> ?value`, valueClass: `${schema}Organization`, details: [] },
  { words: 'best friends?|close friends?', path: `?me <${rel}closeFriendOf> ?value`, details: [] },
  { words: 'friends?', path: `?me <${rel}friendOf>|<${rel}closeFriendOf> ?value`, details: [] },
  { words: 'brothers?|sisters?|siblings?', path: `?me <${rel}siblingOf> ?value`, details: [] },
  { words: 'mum|mom|mother|dad|father|parents?', path: `?me <${rel}childOf> ?value`, details: [] },
  { words: 'partner|girlfriend|boyfriend|wife|husband', path: `?me <${rel}lifePartnerOf>|<${rel}spouseOf> ?value`, details: [] },
  { words: 'colleagues?|co-?workers?', path: `?me <${rel}colleagueOf> ?value`, details: [] },
  { words: 'neighbou?rs?', path: `?me <${rel}neighborOf> ?value`, details: [] },
  { words: 'goals?', path: `?me <${pcm}hasGoal> ?value`, details: [] },
  { words: 'habits?|routines?|schedule', path: `?me <${ob}hasHabit> ?value`, details: [] },
  { words: 'medications?|medicines?|supplements?', path: `?me <${pcm}takesMedication> ?value`, details: [] },
  { words: 'diagnosis|conditions?|injur(?:y|ies)|allerg(?:y|ies)', path: `?me <${oc}diagnosedWith> ?value`, details: [] },
  { words: 'languages?', path: `?me <${schema}knowsLanguage> ?value`, details: [] },
  { words: 'age', path: `?me <${foaf}age> ?value`, details: [], numeric: true },
];

/** Properties that date an event, an action or a state, most specific first. */
export const DATE_PROPS = [`${schema}startDate`, `${schema}startTime`, `${schema}endDate`, `${schema}endTime`, `${pcm}validFrom`];

/** Properties that link an event or action to the people in it. */
export const PEOPLE_PROPS = [`${schema}agent`, `${schema}attendee`, `${schema}participant`, `${schema}performer`, `${schema}organizer`, `${schema}recipient`];

export function conceptOf(text: string): (Concept & { phrase: string }) | null {
  const lower = text.toLowerCase();
  let best: (Concept & { phrase: string; at: number }) | null = null;
  for (const c of CONCEPTS) {
    const m = new RegExp(`\\b(?:${c.words})\\b`, 'i').exec(lower);
    // The first listed concept wins unless a later one matches a longer phrase.
    if (m && (!best || m[0].length > best.phrase.length)) best = { ...c, phrase: m[0], at: m.index };
  }
  return best;
}

export function verbOf(text: string): (VerbAction & { phrase: string }) | null {
  const m = /\bwhat\s+(?:else\s+)?(?:did|do|have|had)\s+(?:i|we)\s+(?:ever\s+|already\s+|just\s+)?([a-z]+(?:\s+(?:to|up for|for))?)/i.exec(text);
  const m2 = /\bwhich\s+\w+(?:\s+\w+)?\s+(?:did|do|have)\s+(?:i|we)\s+([a-z]+(?:\s+(?:to|up for|for))?)/i.exec(text);
  for (const hit of [m, m2]) {
    if (!hit) continue;
    for (const v of VERBS) if (new RegExp(`^(?:${v.words})$`, 'i').test(hit[1]) || new RegExp(`^(?:${v.words})\\b`, 'i').test(hit[1])) return { ...v, phrase: hit[0] };
  }
  return null;
}

/** "my dog", "my plant account", "my new gym": the attribute of the person. */
export function attributeOf(text: string): (Attribute & { phrase: string }) | null {
  const lower = text.toLowerCase();
  for (const a of ATTRIBUTES) {
    const m = new RegExp(`\\bmy\\s+(?:new\\s+|current\\s+|old\\s+|previous\\s+|favou?rite\\s+)?(?:${a.words})(?:'s)?\\b`, 'i').exec(lower);
    if (m) return { ...a, phrase: m[0] };
  }
  return null;
}

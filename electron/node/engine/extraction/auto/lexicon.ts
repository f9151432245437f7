// The words the automatic extraction's patterns key on: general English (family and social
// roles, animal species, verbs of activity, nouns that head events, places and organizations),
// each mapped to the PCM ontology term it signals. Nothing here names anything from a memory.
import { PREFIXES } from '../../../../../shared/rdf';

const { schema, rel, foaf, ob, pcm, bio } = PREFIXES;

export interface Role {
  /** The relation, read "<anchor> property <person>" unless `inverse`. */
  property: string;
  inverse?: boolean;
  /** Kin and work roles exclude one another for one name (a sister Ana is not the colleague Ana). */
  group: 'kin-sibling' | 'kin-parent' | 'kin-child' | 'kin-spouse' | 'kin-partner' | 'kin-grand' | 'kin-other' | 'friend' | 'work' | 'neighbour' | 'home' | 'other';
  /** How an unnamed one is labelled: "mother" → "Ana's mother". */
  noun: string;
  /** Only one of them per person (mother, father): an unnamed mention is that one. */
  unique?: boolean;
}

const R = (property: string, group: Role['group'], noun: string, extra: Partial<Role> = {}): Role => ({ property, group, noun, ...extra });

/** Role nouns after "my" / "NAME's", singular. */
export const ROLES: Record<string, Role> = {
  sister: R(`${rel}siblingOf`, 'kin-sibling', 'sister'),
  brother: R(`${rel}siblingOf`, 'kin-sibling', 'brother'),
  sibling: R(`${rel}siblingOf`, 'kin-sibling', 'sibling'),
  sis: R(`${rel}siblingOf`, 'kin-sibling', 'sister'),
  bro: R(`${rel}siblingOf`, 'kin-sibling', 'brother'),
  mother: R(`${rel}childOf`, 'kin-parent', 'mother', { unique: true }),
  mom: R(`${rel}childOf`, 'kin-parent', 'mother', { unique: true }),
  mum: R(`${rel}childOf`, 'kin-parent', 'mother', { unique: true }),
  mommy: R(`${rel}childOf`, 'kin-parent', 'mother', { unique: true }),
  mama: R(`${rel}childOf`, 'kin-parent', 'mother', { unique: true }),
  father: R(`${rel}childOf`, 'kin-parent', 'father', { unique: true }),
  dad: R(`${rel}childOf`, 'kin-parent', 'father', { unique: true }),
  daddy: R(`${rel}childOf`, 'kin-parent', 'father', { unique: true }),
  papa: R(`${rel}childOf`, 'kin-parent', 'father', { unique: true }),
  son: R(`${rel}parentOf`, 'kin-child', 'son'),
  daughter: R(`${rel}parentOf`, 'kin-child', 'daughter'),
  child: R(`${rel}parentOf`, 'kin-child', 'child'),
  kid: R(`${rel}parentOf`, 'kin-child', 'child'),
  husband: R(`${rel}spouseOf`, 'kin-spouse', 'husband', { unique: true }),
  wife: R(`${rel}spouseOf`, 'kin-spouse', 'wife', { unique: true }),
  spouse: R(`${rel}spouseOf`, 'kin-spouse', 'spouse', { unique: true }),
  hubby: R(`${rel}spouseOf`, 'kin-spouse', 'husband', { unique: true }),
  partner: R(`${rel}lifePartnerOf`, 'kin-partner', 'partner'),
  boyfriend: R(`${rel}lifePartnerOf`, 'kin-partner', 'boyfriend'),
  girlfriend: R(`${rel}lifePartnerOf`, 'kin-partner', 'girlfriend'),
  fiance: R(`${rel}lifePartnerOf`, 'kin-partner', 'fiancé'),
  fiancé: R(`${rel}lifePartnerOf`, 'kin-partner', 'fiancé'),
  fiancée: R(`${rel}lifePartnerOf`, 'kin-partner', 'fiancée'),
  grandma: R(`${rel}grandparentOf`, 'kin-grand', 'grandmother', { inverse: true }),
  grandmother: R(`${rel}grandparentOf`, 'kin-grand', 'grandmother', { inverse: true }),
  granny: R(`${rel}grandparentOf`, 'kin-grand', 'grandmother', { inverse: true }),
  grandpa: R(`${rel}grandparentOf`, 'kin-grand', 'grandfather', { inverse: true }),
  grandfather: R(`${rel}grandparentOf`, 'kin-grand', 'grandfather', { inverse: true }),
  grandson: R(`${rel}grandparentOf`, 'kin-grand', 'grandson'),
  granddaughter: R(`${rel}grandparentOf`, 'kin-grand', 'granddaughter'),
  aunt: R(`${schema}relatedTo`, 'kin-other', 'aunt'),
  uncle: R(`${schema}relatedTo`, 'kin-other', 'uncle'),
  cousin: R(`${schema}relatedTo`, 'kin-other', 'cousin'),
  niece: R(`${schema}relatedTo`, 'kin-other', 'niece'),
  nephew: R(`${schema}relatedTo`, 'kin-other', 'nephew'),
  friend: R(`${rel}friendOf`, 'friend', 'friend'),
  buddy: R(`${rel}friendOf`, 'friend', 'friend'),
  pal: R(`${rel}friendOf`, 'friend', 'friend'),
  bestie: R(`${rel}closeFriendOf`, 'friend', 'best friend'),
  colleague: R(`${rel}colleagueOf`, 'work', 'colleague'),
  coworker: R(`${rel}colleagueOf`, 'work', 'colleague'),
  'co-worker': R(`${rel}colleagueOf`, 'work', 'colleague'),
  boss: R(`${rel}employedBy`, 'work', 'boss'),
  manager: R(`${rel}employedBy`, 'work', 'manager'),
  neighbor: R(`${rel}neighborOf`, 'neighbour', 'neighbour'),
  neighbour: R(`${rel}neighborOf`, 'neighbour', 'neighbour'),
  roommate: R(`${rel}livesWith`, 'home', 'roommate'),
  flatmate: R(`${rel}livesWith`, 'home', 'flatmate'),
  housemate: R(`${rel}livesWith`, 'home', 'housemate'),
  mentor: R(`${foaf}knows`, 'other', 'mentor'),
  teacher: R(`${foaf}knows`, 'other', 'teacher'),
  coach: R(`${foaf}knows`, 'other', 'coach'),
  therapist: R(`${foaf}knows`, 'other', 'therapist'),
  doctor: R(`${foaf}knows`, 'other', 'doctor'),
};

/** "best friend", "close friend": two-word roles. */
export const TWO_WORD_ROLES: Record<string, Role> = {
  'best friend': R(`${rel}closeFriendOf`, 'friend', 'best friend'),
  'close friend': R(`${rel}closeFriendOf`, 'friend', 'close friend'),
  'old friend': R(`${rel}friendOf`, 'friend', 'friend'),
  'little sister': R(`${rel}siblingOf`, 'kin-sibling', 'sister'),
  'big sister': R(`${rel}siblingOf`, 'kin-sibling', 'sister'),
  'older sister': R(`${rel}siblingOf`, 'kin-sibling', 'sister'),
  'younger sister': R(`${rel}siblingOf`, 'kin-sibling', 'sister'),
  'little brother': R(`${rel}siblingOf`, 'kin-sibling', 'brother'),
  'big brother': R(`${rel}siblingOf`, 'kin-sibling', 'brother'),
  'older brother': R(`${rel}siblingOf`, 'kin-sibling', 'brother'),
  'younger brother': R(`${rel}siblingOf`, 'kin-sibling', 'brother'),
};

/** Role groups that exclude one another for one person. */
export function rolesConflict(a: Role['group'], b: Role['group']): boolean {
  if (a === b) return false;
  const soft = new Set(['friend', 'other', 'neighbour', 'home']);
  if (soft.has(a) || soft.has(b)) return false;
  return true;
}

/** Animal species nouns (singular) → the species written on the pet. */
export const SPECIES: Record<string, string> = {
  dog: 'dog', puppy: 'dog', pup: 'dog', doggy: 'dog', doggo: 'dog',
  cat: 'cat', kitten: 'cat', kitty: 'cat',
  rabbit: 'rabbit', bunny: 'rabbit', hamster: 'hamster', 'guinea pig': 'guinea pig', gerbil: 'gerbil', ferret: 'ferret',
  parrot: 'parrot', bird: 'bird', budgie: 'budgie', canary: 'canary', chicken: 'chicken',
  fish: 'fish', goldfish: 'goldfish', turtle: 'turtle', tortoise: 'tortoise', snake: 'snake', lizard: 'lizard', gecko: 'gecko',
  horse: 'horse', pony: 'pony', pig: 'pig', goat: 'goat',
};

/** Adjectives before a species that say nothing about the breed. */
export const NOT_A_BREED = new Set([
  'new', 'old', 'little', 'big', 'small', 'cute', 'sweet', 'fluffy', 'young', 'baby', 'adorable', 'lovely', 'furry', 'first', 'second',
  'two', 'three', 'other', 'own', 'family', 'rescue', 'pet', 'good', 'best', 'crazy', 'lazy', 'beautiful', 'sick', 'senior', 'tiny', 'stray',
]);

/** Nouns that head an event one attends, with its class. */
export const EVENT_NOUNS: Record<string, string> = {
  concert: `${schema}MusicEvent`, gig: `${schema}MusicEvent`, recital: `${schema}MusicEvent`, 'music festival': `${schema}MusicEvent`,
  festival: `${schema}Festival`, fest: `${schema}Festival`, fair: `${schema}Festival`, carnival: `${schema}Festival`, parade: `${schema}Festival`,
  party: `${schema}SocialEvent`, wedding: `${bio}Marriage`, birthday: `${schema}SocialEvent`, dinner: `${schema}SocialEvent`, picnic: `${schema}SocialEvent`,
  barbecue: `${schema}SocialEvent`, bbq: `${schema}SocialEvent`, reunion: `${schema}SocialEvent`, gathering: `${schema}SocialEvent`, celebration: `${schema}SocialEvent`,
  'get-together': `${schema}SocialEvent`, meetup: `${schema}SocialEvent`, shower: `${schema}SocialEvent`, ceremony: `${schema}SocialEvent`, funeral: `${schema}SocialEvent`,
  graduation: `${bio}Graduation`,
  workshop: `${schema}EducationEvent`, class: `${schema}EducationEvent`, course: `${schema}EducationEvent`, lecture: `${schema}EducationEvent`, seminar: `${schema}EducationEvent`,
  conference: `${schema}EducationEvent`, webinar: `${schema}EducationEvent`, training: `${schema}EducationEvent`, lesson: `${schema}EducationEvent`, session: `${schema}EducationEvent`,
  race: `${schema}SportsEvent`, marathon: `${schema}SportsEvent`, match: `${schema}SportsEvent`, game: `${schema}SportsEvent`, tournament: `${schema}SportsEvent`,
  '5k': `${schema}SportsEvent`, '10k': `${schema}SportsEvent`, competition: `${schema}SportsEvent`,
  play: `${schema}TheaterEvent`, musical: `${schema}TheaterEvent`, show: `${schema}Event`, performance: `${schema}Event`, exhibition: `${schema}ExhibitionEvent`,
  exhibit: `${schema}ExhibitionEvent`, 'art show': `${schema}ExhibitionEvent`, reading: `${schema}Event`, meeting: `${schema}Event`, event: `${schema}Event`,
  rally: `${schema}Event`, march: `${schema}Event`, protest: `${schema}Event`, fundraiser: `${schema}Event`, auction: `${schema}Event`, retreat: `${schema}Event`,
  camp: `${schema}Event`, interview: `${schema}Event`, appointment: `${pcm}MedicalAppointment`, checkup: `${pcm}MedicalAppointment`, 'check-up': `${pcm}MedicalAppointment`,
  trip: `${ob}Travel`, vacation: `${ob}Travel`, holiday: `${ob}Travel`, getaway: `${ob}Travel`, 'road trip': `${ob}Travel`, roadtrip: `${ob}Travel`, tour: `${ob}Travel`,
};

/** Nouns that head a place (common nouns: "the park", "a museum"). */
export const PLACE_NOUNS: Record<string, string> = {
  park: `${schema}Park`, garden: `${schema}Park`, playground: `${schema}Park`,
  museum: `${schema}TouristAttraction`, gallery: `${schema}TouristAttraction`, zoo: `${schema}TouristAttraction`, aquarium: `${schema}TouristAttraction`,
  castle: `${schema}TouristAttraction`, monument: `${schema}TouristAttraction`, memorial: `${schema}TouristAttraction`, landmark: `${schema}TouristAttraction`,
  beach: `${schema}Place`, lake: `${schema}Place`, mountain: `${schema}Place`, mountains: `${schema}Place`, forest: `${schema}Place`, woods: `${schema}Place`,
  river: `${schema}Place`, island: `${schema}Place`, countryside: `${schema}Place`, trail: `${schema}Place`, canyon: `${schema}Place`, coast: `${schema}Place`,
  library: `${schema}CivicStructure`, stadium: `${schema}CivicStructure`, church: `${schema}CivicStructure`, temple: `${schema}CivicStructure`, station: `${schema}CivicStructure`,
  airport: `${schema}CivicStructure`, theater: `${schema}CivicStructure`, theatre: `${schema}CivicStructure`, cinema: `${schema}CivicStructure`, shelter: `${schema}CivicStructure`,
  center: `${schema}CivicStructure`, centre: `${schema}CivicStructure`,
  cafe: `${schema}CafeOrCoffeeShop`, café: `${schema}CafeOrCoffeeShop`, 'coffee shop': `${schema}CafeOrCoffeeShop`, restaurant: `${schema}Restaurant`, bar: `${schema}FoodEstablishment`,
  bakery: `${schema}FoodEstablishment`, pub: `${schema}FoodEstablishment`, diner: `${schema}Restaurant`,
  store: `${schema}Store`, shop: `${schema}Store`, mall: `${schema}Store`, market: `${schema}Store`, supermarket: `${schema}Store`, bookstore: `${schema}Store`,
  gym: `${schema}ExerciseGym`, studio: `${schema}LocalBusiness`, hotel: `${schema}LodgingBusiness`, hostel: `${schema}LodgingBusiness`, resort: `${schema}LodgingBusiness`,
  hospital: `${schema}MedicalOrganization`, clinic: `${schema}MedicalClinic`, office: `${schema}Place`,
  city: `${schema}City`, town: `${schema}City`, village: `${schema}City`, country: `${schema}Country`, neighborhood: `${schema}Place`, neighbourhood: `${schema}Place`,
};

/** Nouns that head an organization, in a proper name ("Riverside Climbing Club") or after "a"/"the". */
export const ORG_NOUNS: Record<string, string> = {
  club: `${schema}SportsOrganization`, team: `${schema}SportsOrganization`, league: `${schema}SportsOrganization`,
  band: `${schema}MusicGroup`, choir: `${schema}MusicGroup`, orchestra: `${schema}MusicGroup`,
  school: `${schema}EducationalOrganization`, university: `${schema}EducationalOrganization`, college: `${schema}EducationalOrganization`, academy: `${schema}EducationalOrganization`,
  institute: `${schema}EducationalOrganization`,
  company: `${schema}Organization`, firm: `${schema}Organization`, startup: `${schema}Organization`, agency: `${schema}Organization`, group: `${schema}Organization`,
  organization: `${schema}Organization`, organisation: `${schema}Organization`, association: `${schema}Organization`, society: `${schema}Organization`,
  committee: `${schema}Organization`, council: `${schema}Organization`, foundation: `${schema}NGO`, charity: `${schema}NGO`, nonprofit: `${schema}NGO`,
  inc: `${schema}Organization`, ltd: `${schema}Organization`, llc: `${schema}Organization`, corp: `${schema}Organization`, bank: `${schema}Organization`,
  program: `${schema}Organization`, programme: `${schema}Organization`, network: `${schema}Organization`, community: `${schema}Organization`,
  gym: `${schema}ExerciseGym`, hospital: `${schema}MedicalOrganization`, clinic: `${schema}MedicalClinic`, church: `${schema}Organization`,
};

export interface VerbClass {
  /** Classes of the action (schema:Action subclasses, OntoBio activities). */
  types: string[];
  /** Exercise and hobbies: the activity itself is the label ("went swimming"). */
  activity?: boolean;
}

const A = (...types: string[]): VerbClass => ({ types });

/** Verbs of things people do, by lemma (verbs of thinking, feeling and saying are left out on purpose). */
export const ACTION_VERBS: Record<string, VerbClass> = {
  buy: A(`${schema}BuyAction`), purchase: A(`${schema}BuyAction`), order: A(`${schema}OrderAction`), pay: A(`${schema}PayAction`), donate: A(`${schema}DonateAction`),
  paint: A(`${schema}PaintAction`, `${ob}CreativeActivity`), draw: A(`${schema}CreateAction`, `${ob}CreativeActivity`), sketch: A(`${schema}CreateAction`, `${ob}CreativeActivity`),
  make: A(`${schema}CreateAction`), build: A(`${schema}CreateAction`), create: A(`${schema}CreateAction`, `${ob}CreativeActivity`), craft: A(`${schema}CreateAction`, `${ob}CreativeActivity`),
  knit: A(`${schema}CreateAction`, `${ob}CreativeActivity`), sew: A(`${schema}CreateAction`, `${ob}CreativeActivity`), design: A(`${schema}CreateAction`, `${ob}CreativeActivity`),
  compose: A(`${schema}CreateAction`, `${ob}CreativeActivity`), sculpt: A(`${schema}CreateAction`, `${ob}CreativeActivity`), carve: A(`${schema}CreateAction`, `${ob}CreativeActivity`),
  bake: A(`${schema}CookAction`), cook: A(`${schema}CookAction`), write: A(`${schema}WriteAction`), publish: A(`${schema}WriteAction`),
  read: A(`${schema}ReadAction`), watch: A(`${schema}WatchAction`), listen: A(`${schema}ListenAction`), eat: A(`${schema}EatAction`), drink: A(`${schema}DrinkAction`),
  play: A(`${schema}PlayAction`, `${ob}RecreationalActivity`), visit: A(`${schema}Action`, `${ob}RecreationalActivity`), travel: A(`${schema}TravelAction`, `${ob}Travel`),
  fly: A(`${schema}TravelAction`, `${ob}Travel`), move: A(`${schema}MoveAction`), adopt: A(`${schema}ReceiveAction`), receive: A(`${schema}ReceiveAction`),
  give: A(`${schema}GiveAction`), gift: A(`${schema}GiveAction`), return: A(`${schema}ReturnAction`),
  join: A(`${schema}JoinAction`), register: A(`${schema}RegisterAction`), enroll: A(`${schema}RegisterAction`), enrol: A(`${schema}RegisterAction`), apply: A(`${schema}OrganizeAction`),
  attend: A(`${schema}Action`, `${ob}RecreationalActivity`), volunteer: A(`${schema}Action`, `${ob}OccupationalActivity`), organize: A(`${schema}OrganizeAction`),
  organise: A(`${schema}OrganizeAction`), host: A(`${schema}OrganizeAction`), plan: A(`${schema}PlanAction`), book: A(`${schema}ReserveAction`), reserve: A(`${schema}ReserveAction`),
  cancel: A(`${schema}CancelAction`), celebrate: A(`${schema}Action`, `${ob}RecreationalActivity`), learn: A(`${schema}Action`), study: A(`${schema}Action`),
  practice: A(`${schema}Action`), practise: A(`${schema}Action`), teach: A(`${schema}Action`, `${ob}OccupationalActivity`), mentor: A(`${schema}Action`, `${ob}OccupationalActivity`),
  start: A(`${schema}Action`), finish: A(`${schema}Action`), complete: A(`${schema}Action`), win: A(`${schema}Action`), graduate: A(`${schema}Action`),
  plant: A(`${schema}CreateAction`), grow: A(`${schema}CreateAction`), fix: A(`${schema}UpdateAction`), repair: A(`${schema}UpdateAction`), renovate: A(`${schema}UpdateAction`),
  decorate: A(`${schema}UpdateAction`), clean: A(`${schema}Action`, `${ob}DailyLivingActivity`), meet: A(`${schema}InteractAction`), call: A(`${schema}CommunicateAction`),
  email: A(`${schema}CommunicateAction`), text: A(`${schema}CommunicateAction`), record: A(`${schema}CreateAction`, `${ob}CreativeActivity`), film: A(`${schema}CreateAction`),
  photograph: A(`${schema}CreateAction`, `${ob}CreativeActivity`), perform: A(`${schema}Action`, `${ob}CreativeActivity`), sing: A(`${schema}Action`, `${ob}CreativeActivity`),
  explore: A(`${schema}Action`, `${ob}RecreationalActivity`), see: A(`${schema}WatchAction`), take: A(`${schema}Action`), get: A(`${schema}ReceiveAction`), use: A(`${schema}UseAction`),
  try: A(`${schema}Action`), research: A(`${schema}Action`), roast: A(`${schema}CookAction`), throw: A(`${schema}OrganizeAction`), lose: A(`${schema}Action`),
};

/** Exercise verbs (and "go X-ing" activities): the activity is the label. */
export const EXERCISE_VERBS = new Set([
  'run', 'jog', 'swim', 'hike', 'bike', 'cycle', 'climb', 'ski', 'snowboard', 'surf', 'skate', 'dance', 'walk', 'row', 'kayak', 'box', 'train', 'stretch', 'workout',
]);

/** "-ing" activities after "go", "went", "love", and as objects ("went camping"). */
export const ACTIVITY_NOUNS: Record<string, string> = {
  camping: `${ob}RecreationalActivity`, hiking: `${ob}PhysicalActivity`, swimming: `${ob}PhysicalActivity`, running: `${ob}PhysicalActivity`, jogging: `${ob}PhysicalActivity`,
  biking: `${ob}PhysicalActivity`, cycling: `${ob}PhysicalActivity`, climbing: `${ob}PhysicalActivity`, skiing: `${ob}PhysicalActivity`, surfing: `${ob}PhysicalActivity`,
  skating: `${ob}PhysicalActivity`, dancing: `${ob}PhysicalActivity`, kayaking: `${ob}PhysicalActivity`, yoga: `${ob}PhysicalActivity`, fishing: `${ob}RecreationalActivity`,
  shopping: `${ob}DailyLivingActivity`, sightseeing: `${ob}RecreationalActivity`, bowling: `${ob}RecreationalActivity`, gardening: `${ob}CreativeActivity`,
  painting: `${ob}CreativeActivity`, drawing: `${ob}CreativeActivity`, pottery: `${ob}CreativeActivity`, knitting: `${ob}CreativeActivity`, baking: `${ob}CreativeActivity`,
  cooking: `${ob}CreativeActivity`, writing: `${ob}CreativeActivity`, reading: `${ob}RecreationalActivity`, photography: `${ob}CreativeActivity`, singing: `${ob}CreativeActivity`,
  horseback: `${ob}PhysicalActivity`, 'horseback riding': `${ob}PhysicalActivity`, riding: `${ob}PhysicalActivity`, snorkeling: `${ob}PhysicalActivity`, boxing: `${ob}PhysicalActivity`,
  volunteering: `${ob}OccupationalActivity`, traveling: `${ob}Travel`, travelling: `${ob}Travel`, walking: `${ob}PhysicalActivity`, gaming: `${ob}RecreationalActivity`,
};

/** Verbs of liking: sentiment written on the preference. */
export const PREFERENCE_VERBS: Record<string, string> = {
  love: 'loves', adore: 'loves', like: 'likes', enjoy: 'likes', prefer: 'prefers', hate: 'dislikes', dislike: 'dislikes', detest: 'dislikes', loathe: 'dislikes',
  avoid: 'avoids',
};

/** ISO 4217 codes of currency signs and words. */
export const CURRENCIES: Record<string, string> = {
  $: 'USD', usd: 'USD', dollar: 'USD', dollars: 'USD', bucks: 'USD', '€': 'EUR', eur: 'EUR', euro: 'EUR', euros: 'EUR', '£': 'GBP', gbp: 'GBP', pound: 'GBP',
  pounds: 'GBP', quid: 'GBP', '¥': 'JPY', yen: 'JPY', chf: 'CHF', francs: 'CHF', cad: 'CAD', aud: 'AUD', inr: 'INR', rupees: 'INR',
};

/** Words that never head a noun phrase worth keeping as a thing ("a lot", "some time"). */
export const EMPTY_NOUNS = new Set([
  'lot', 'lots', 'bit', 'time', 'times', 'thing', 'things', 'stuff', 'way', 'ways', 'day', 'days', 'week', 'weeks', 'year', 'years', 'month', 'months', 'moment', 'moments',
  'one', 'ones', 'kind', 'sort', 'type', 'part', 'couple', 'bunch', 'idea', 'something', 'anything', 'everything', 'nothing', 'fun', 'blast', 'break', 'chance',
  'look', 'while', 'today', 'tonight', 'yesterday', 'tomorrow', 'weekend', 'morning', 'evening', 'night', 'afternoon', 'end', 'start', 'rest', 'sense', 'feeling',
  'picture', 'pic', 'photo', 'shot', 'snap', 'pics', 'photos', 'pictures', 'question', 'questions', 'point', 'deal', 'people', 'guy', 'guys', 'folks', 'someone', 'everyone',
  'step', 'steps', 'care', 'place', 'spot', 'advice', 'hand', 'touch', 'hang', 'go', 'try', 'walk', 'others', 'other', 'anyone', 'lots', 'ton', 'tons', 'list',
]);

/** Objects that make a verb an idiom, not a deed ("make a difference", "join forces", "make progress"). */
export const IDIOM_OBJECTS = new Set([
  'difference', 'impact', 'progress', 'connection', 'connections', 'friend', 'friends', 'team', 'decision', 'decisions', 'choice', 'memory', 'memories',
  'plan', 'plans', 'effort', 'change', 'changes', 'mistake', 'mistakes', 'money', 'living', 'use', 'peace', 'mess', 'sense', 'habit', 'commitment', 'offer',
  'offers', 'deal', 'forces', 'service', 'fire', 'note', 'notes', 'lesson', 'lessons', 'advantage', 'risk', 'risks', 'chances', 'effect', 'role', 'attention',
  'notice', 'matter', 'matters', 'steps', 'shape', 'strides', 'waves', 'sacrifices', 'space', 'room', 'way', 'ways', 'sure', 'contact', 'conversation',
]);

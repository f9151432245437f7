// The one door between the workbench and the engine.
//
// Every method is declared once here: its argument schema (zod, checked on the engine side
// of every transport: Electron IPC and the HTTP server) and its result type. The engine
// facade implements `EngramApi`; the preload and the HTTP client expose it to the renderer;
// the CLI calls the facade directly. A method is added here first, then implemented.
import { z } from 'zod';
import type {
  ConversationInfo,
  EditRecord,
  GraphInfo,
  JobInfo,
  MessagePage,
  MessageRow,
  RdfSyntaxError,
  SearchHit,
  SessionInfo,
  SourceInfo,
  SparqlResult,
  Stats,
  EngineEvent,
} from './types';

const id = z.number().int().nonnegative();
const ids = z.array(id).max(100_000);
const wallClock = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/, 'expected YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]');

export const messageFilterSchema = z
  .object({
    sourceIds: ids.optional(),
    conversationIds: ids.optional(),
    sessionIds: ids.optional(),
    sessionRange: z.tuple([z.number().int(), z.number().int()]).optional(),
    speakers: z.array(z.string().max(200)).max(1000).optional(),
    from: wallClock.optional(),
    to: wallClock.optional(),
    text: z.string().max(2000).optional(),
    ids: ids.optional(),
  })
  .strict();

const none = z.object({}).strict();
const sparqlText = z.string().min(1).max(5_000_000);
const iri = z.string().min(1).max(4000);
const rdfFormat = z.enum(['turtle', 'n-quads', 'n-triples', 'trig', 'json-ld']);

/** Declares a method: its result type, then its argument schema: `method<Result>()(schema)`. */
function method<O>() {
  return <I extends z.ZodType>(input: I) => ({ input, output: undefined as unknown as O });
}

export const apiSpec = {
  // ---- memory overview
  stats: method<Stats>()(none),
  listSources: method<SourceInfo[]>()(none),
  listConversations: method<ConversationInfo[]>()(
    z.object({ sourceId: id.optional() }).strict(),
  ),
  listSessions: method<SessionInfo[]>()(
    z.object({ sourceIds: ids.optional() }).strict(),
  ),
  /** The first lines of a session, for the timeline's hover card. */
  sessionPreview: method<MessageRow[]>()(
    z.object({ sessionId: id, lines: z.number().int().min(1).max(50).optional() }).strict(),
  ),
  listSpeakers: method<{ speaker: string; role: string; messages: number }[]>()(none),

  // ---- messages
  listMessages: method<MessagePage>()(
    z
      .object({
        filter: messageFilterSchema,
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(5000).optional(),
      })
      .strict(),
  ),
  getMessage: method<{ message: MessageRow; postTurtle: string; derived: { iri: string; label: string; types: string[] }[] } | null>()(
    z.object({ id }).strict(),
  ),
  searchMessages: method<SearchHit[]>()(
    z
      .object({
        text: z.string().min(1).max(2000),
        filter: messageFilterSchema.optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
  ),

  // ---- import
  /** Import files the engine can read (desktop file picker, CLI). Returns at once; progress comes as job events. */
  importPaths: method<JobInfo>()(
    z.object({ paths: z.array(z.string().min(1).max(4096)).min(1).max(1000) }).strict(),
  ),
  /** Import a file's bytes (browser drag-and-drop or picker, where no path exists). */
  importUpload: method<JobInfo>()(
    z.object({ name: z.string().min(1).max(512), bytes: z.instanceof(Uint8Array) }).strict(),
  ),
  /** Import the bundled demo memory. */
  importDemo: method<JobInfo>()(none),
  deleteSource: method<{ deleted: boolean }>()(z.object({ id }).strict()),
  listJobs: method<JobInfo[]>()(none),
  cancelJob: method<{ cancelled: boolean }>()(
    z.object({ jobId: z.string().min(1).max(100) }).strict(),
  ),

  // ---- graph: SPARQL and Turtle
  sparqlQuery: method<SparqlResult>()(
    z
      .object({
        query: sparqlText,
        limit: z.number().int().min(1).max(1_000_000).optional(),
        timeoutMs: z.number().int().min(100).max(600_000).optional(),
      })
      .strict(),
  ),
  /** Runs a SPARQL UPDATE as one journaled, undoable edit. */
  sparqlUpdate: method<EditRecord>()(
    z.object({ update: sparqlText, label: z.string().max(200).optional() }).strict(),
  ),
  listGraphs: method<GraphInfo[]>()(none),
  /** Turtle of a named graph, or of one entity's description (all triples with it as subject). */
  getTurtle: method<{ turtle: string; triples: number }>()(
    z.object({ graph: iri.optional(), entity: iri.optional() }).strict(),
  ),
  validateTurtle: method<{ ok: boolean; triples: number; errors: RdfSyntaxError[] }>()(
    z.object({ turtle: z.string().max(50_000_000) }).strict(),
  ),
  /** Replaces exactly that graph (or that entity's description) with the Turtle given; journaled and undoable. */
  applyTurtle: method<EditRecord>()(z.object({ turtle: z.string().max(50_000_000), graph: iri.optional(), entity: iri.optional() }).strict()),
  exportGraph: method<{ data: string; mediaType: string; fileName: string }>()(
    z.object({ graph: iri.optional(), format: rdfFormat }).strict(),
  ),
  /** Prefixes, classes and properties known to the store, for editor completion. */
  vocabulary: method<{ prefixes: Record<string, string>; classes: string[]; properties: string[] }>()(none),
  editHistory: method<EditRecord[]>()(none),
  undo: method<EditRecord | null>()(none),
  redo: method<EditRecord | null>()(none),
} as const;

export type ApiSpec = typeof apiSpec;
export type ApiMethod = keyof ApiSpec;
export type ApiArgs<M extends ApiMethod> = z.input<ApiSpec[M]['input']>;
export type ApiResult<M extends ApiMethod> = ApiSpec[M]['output'];

export type EngramApi = { [M in ApiMethod]: (args: ApiArgs<M>) => Promise<ApiResult<M>> };

/** What the renderer holds: the API plus the engine's event stream. */
export interface EngramClient extends EngramApi {
  onEvent(listener: (event: EngineEvent) => void): () => void;
}

export const apiMethodNames = Object.keys(apiSpec) as ApiMethod[];

export function isApiMethod(name: string): name is ApiMethod {
  return Object.prototype.hasOwnProperty.call(apiSpec, name);
}

/** Validates the arguments of a call arriving over a transport; throws ApiError on bad input. */
export function parseApiArgs<M extends ApiMethod>(method: M, args: unknown): ApiArgs<M> {
  const parsed = apiSpec[method].input.safeParse(args ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'arguments';
    throw new ApiError('bad_request', `${method}: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data as ApiArgs<M>;
}

export type ApiErrorCode = 'bad_request' | 'not_found' | 'conflict' | 'unavailable' | 'internal' | 'refused';

/** An error whose message is meant for the person (one line, says what is wrong). */
export class ApiError extends Error {
  constructor(
    public readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

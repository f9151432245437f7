// What a client needs of the typed API without its schemas: the method names and the error
// type. The workbench's first code stays small this way (the schemas, and zod, are loaded only
// where arguments are validated: the transports' receiving side and a few forms).
// `shared/api.ts` checks at compile time that this list is exactly its methods.

export const API_METHOD_NAMES = [
  'memoryInfo', 'stats', 'integrityReport', 'repairMemory', 'listSources', 'listConversations',
  'listSessions', 'timelineMarks', 'timelinePeriods', 'sessionPreview', 'listSpeakers', 'listMessages',
  'getMessage', 'searchMessages', 'importPaths', 'importUpload', 'importDemo', 'deleteSource',
  'listJobs', 'cancelJob', 'sparqlQuery', 'sparqlUpdate', 'listGraphs', 'getTurtle',
  'validateTurtle', 'applyTurtle', 'exportGraph', 'vocabulary', 'editHistory', 'undo',
  'redo', 'extractionSettings', 'setExtractionSettings', 'checkOllama', 'startExtraction', 'resumeExtraction',
  'extractionStatus', 'listChunks', 'getChunk', 'reextractChunk', 'startEmbedding', 'searchEntities',
  'coverage', 'autoGraphStatus', 'runAutoGraph', 'owner', 'setOwner', 'setOwnerName',
  'topicLane', 'listTopics', 'getTopic', 'stances', 'startTopicSummaries', 'planQuestion',
  'runPlan', 'askTimeline', 'classTree', 'listIndividuals', 'getEntity', 'editTriples',
  'createEntity', 'deleteEntity', 'mergeEntities', 'graphView', 'graphOverview', 'ask',
  'askSuggestions', 'rerunAskSparql', 'rerunAskPlan', 'listAskConversations', 'getAskConversation', 'deleteAskConversation',
] as const;

export type ApiMethodName = (typeof API_METHOD_NAMES)[number];

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

// The gaia2-cli run-directory reader and the pieces other readers and views reuse.
export { gaia2CliReader } from './gaia2CliReader';
export {
  readGaia2Verdict,
  verdictFromJson,
  capabilityOf,
  MAX_VERDICT_BYTES,
  type Gaia2Verdict,
} from './readGaia2Verdict';
export {
  readGaia2Events,
  eventSteps,
  toolCallStep,
  isUserMessage,
  isMessageToUser,
  messageContent,
  type EventsResult,
  type Gaia2Event,
} from './readGaia2Events';
export { readGaia2Judgments, type JudgmentsResult } from './readGaia2Judgments';
export { readGaia2Trace, type TraceCall, type TraceResult, type ToolOutput } from './readGaia2Trace';
export {
  parseResponseBody,
  parseResponseObject,
  type LlmOutput,
  type LlmToolCall,
  type ParsedResponse,
} from './llmResponse';
export { mergeTraceIntoSteps, NOT_EXECUTED } from './mergeTraceIntoSteps';
export { fromPythonLiteral, judgeLogArgs } from './pythonLiteral';
export { failureFamilyOf, parseFailureReason, decidingCheck, type ParsedFailureReason } from '../failureFamily';

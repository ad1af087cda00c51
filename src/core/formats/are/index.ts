// The classic ARE exported-trace reader, and the value decoding its tests check directly.
export { areTraceReader } from './areTraceReader';
export { decodeArgValue, decodeReturnValue } from './exportedValues';
export { parseAgentOutput } from './liteSteps';
export { NOT_LOGGED } from './readAreTrajectory';

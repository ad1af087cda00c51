// The PolyWorkBench reader, and the chat-log pieces other readers reuse (content blocks, step building).
export { createPolyworkReader, polyworkReader, isPolyworkRunFolder, isPolyworkTaskFolder, type PolyworkReaderOptions } from './polyworkReader';
export { DEFAULT_PASS_THRESHOLD, polyworkVerdict, type PolyworkVerdict } from './verdict';
export { isPolyworkResult, resultFromJson, type PolyworkResult } from './readResult';
export { parseRunFolderName, type RunFolderName } from './runFolder';
export { languagesFromTags, type TaskLanguages } from './taskFolder';
export { parseTaskToml, type TomlValue } from './taskToml';
export { argsOf, reasoningOf, resultOf, textOf, toolCallOf, type ToolCallRef } from './chat/content';
export { SkippedRecords, StepBuilder } from './chat/stepBuilder';

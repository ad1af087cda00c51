import { readFile } from 'node:fs/promises';
import { languageCode } from '../../core/language/normalizeLanguage';
import type { RunIndex } from '../../core/index/runIndex';
import { CONFIDENCES, labelItem, newLabelRecord, type Confidence, type LabelItem } from '../../core/triage/labelRecord';
import { appendRecord } from '../../core/triage/labelStore';
import { NodeLabelSink } from '../../core/triage/nodeLabelSink';
import { codeText, parseTriageCode, TRIAGE_CODES, type TriageCode } from '../../core/triage/taxonomy';
import { version } from '../../../package.json';
import { EXIT_OK, flag, jsonText, stringOption, UsageError, type CliCommand, type ParsedArgs } from '../command';
import { gitUserName } from '../../core/triage/gitUserName';
import { openRunDirectory } from '../runDirectory';
import { settingOption } from '../settingOption';

const EXIT_NOT_SAVED = 1;
const TOOL_NAME = `trajectory-lens ${version}`;

function required(args: ParsedArgs, name: string, hint: string): string {
  const value = stringOption(args, name);
  if (value === undefined || value.trim() === '') throw new UsageError(`missing --${name} ${hint}`);
  return value;
}

function codeOf(args: ParsedArgs): TriageCode {
  const given = required(args, 'code', '<code>: one of the taxonomy codes, e.g. T3');
  const code = parseTriageCode(given);
  if (code === null) throw new UsageError(`--code ${given}: not a triage code; codes: ${TRIAGE_CODES.join(', ')}`);
  return code;
}

function confidenceOf(args: ParsedArgs): Confidence | null {
  const given = stringOption(args, 'confidence');
  if (given === undefined) return null;
  const confidence = CONFIDENCES.find((c) => c === given.trim().toLowerCase());
  if (confidence === undefined) throw new UsageError(`--confidence ${given}: one of ${CONFIDENCES.join(', ')}`);
  return confidence;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function noteOf(args: ParsedArgs): Promise<string> {
  const note = stringOption(args, 'note');
  const file = stringOption(args, 'note-file');
  if (note !== undefined && file !== undefined) throw new UsageError('give --note or --note-file, not both');
  if (file === undefined) return note ?? '';
  try {
    return file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--note-file ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Runs in several settings need --setting: a label is about one setting's runs. */
function onlySetting(group: string, language: string): (settings: string[]) => string | null {
  return (settings) => {
    if (settings.length > 1) throw new UsageError(`${group} ${language} runs in several settings; pass --setting <s>, one of: ${settings.join(', ')}`);
    return settings[0] ?? null;
  };
}

/** The item named by --group, --language, --setting and --run, checked against the index so that a typo is not saved. */
function itemOf(args: ParsedArgs, index: RunIndex): LabelItem {
  const group = required(args, 'group', '<group>: `trajectory-lens regressions <dir>` lists them');
  const given = required(args, 'language', '<code>: the target language, e.g. jpn');
  const language = languageCode(given);
  if (language === null) throw new UsageError(`--language ${given}: not a language code (e.g. jpn, ja, zh-CN)`);
  const inGroup = index.runs.filter((r) => r.group === group);
  if (inGroup.length === 0) throw new UsageError(`no group ${JSON.stringify(group)}; \`trajectory-lens index\` lists the groups`);
  const ofLanguage = inGroup.filter((r) => r.language === language);
  if (ofLanguage.length === 0) {
    const languages = [...new Set(inGroup.map((r) => r.language))].sort().join(', ');
    throw new UsageError(`group ${group} has no ${language} run; its languages: ${languages}`);
  }
  const setting = settingOption(args, ofLanguage, onlySetting(group, language));
  const runs = ofLanguage.filter((r) => r.setting === setting);
  const run = stringOption(args, 'run');
  if (run === undefined) return labelItem(group, language, null, setting);
  const found = /^\d+$/.test(run) ? runs.find((r) => r.runIndex === Number(run)) : undefined;
  if (found === undefined) throw new UsageError(`--run ${run}: no such ${language} run; runs: ${runs.map((r) => r.runIndex).join(', ')}`);
  return labelItem(group, language, found.runIndex, setting);
}

async function annotatorOf(args: ParsedArgs): Promise<string> {
  const given = stringOption(args, 'annotator')?.trim();
  if (given) return given;
  const name = await gitUserName();
  if (name === null) {
    throw new UsageError('no annotator: pass --annotator <name> or set git’s user.name (git config --global user.name)');
  }
  return name;
}

export const labelCommand: CliCommand = {
  arguments: '<dir> --group <group> --language <code> --code <code>',
  options: {
    group: { type: 'string', valueName: '<group>', description: 'the group (scenario), as `regressions` lists it' },
    language: { type: 'string', valueName: '<code>', description: 'target language (ISO 639-1/639-3 or BCP 47)' },
    run: { type: 'string', valueName: '<n>', description: 'label one run instead of the (group, language) pair' },
    setting: {
      type: 'string',
      valueName: '<s>',
      description: 'the benchmark setting (SEATau l2_tools…); needed when the language runs in several',
    },
    code: { type: 'string', valueName: '<code>', description: `taxonomy code: ${TRIAGE_CODES.join(' ')}` },
    confidence: { type: 'string', valueName: '<level>', description: `how sure: ${CONFIDENCES.join(', ')}` },
    note: { type: 'string', valueName: '<text>', description: 'a note saved with the label' },
    'note-file': { type: 'string', valueName: '<path>', description: 'read the note from a file (- for standard input)' },
    annotator: { type: 'string', valueName: '<name>', description: 'who decides; default: git’s user.name' },
    json: { type: 'boolean', description: 'print the saved record as JSON' },
  },
  async run(args, io) {
    const code = codeOf(args);
    const confidence = confidenceOf(args);
    const note = await noteOf(args);
    const { fs, index } = await openRunDirectory(args);
    const item = itemOf(args, index);
    const annotator = await annotatorOf(args);
    const record = newLabelRecord({ item, code, confidence, note, annotator, tool: TOOL_NAME });
    const sink = new NodeLabelSink(fs.root);
    try {
      await appendRecord(sink, record);
    } catch (error) {
      io.err(`trajectory-lens label: not saved: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_NOT_SAVED;
    }
    if (flag(args, 'json')) {
      io.out(jsonText(record));
    } else {
      const run = item.run === null ? '' : ` run ${item.run}`;
      const setting = item.setting ? ` (${item.setting})` : '';
      io.out(`Labelled ${item.group} ${item.language}${setting}${run} as ${codeText(code)} by ${annotator}; saved to ${sink.describe()}\n`);
    }
    return EXIT_OK;
  },
};

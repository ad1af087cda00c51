// One review session: the sampled queue over a run directory's labelled items, where the reviewer is, and the decisions
// appended as review records. The labels file is the only state: reopening rebuilds the queue from it and resumes at
// the first unreviewed item. No 'vscode' import: the panel supplies the file access, the tests a fake one.
import { itemKey, newReviewRecord, type LabelItem, type LabelRecord, type ReviewDecision } from '../../core/triage/labelRecord';
import type { SamplingPlan } from '../../core/triage/reviewQueue';
import type { TriageItem } from '../../core/triage/triageItems';
import type { Decision, ReviewEntry, ReviewEvidence, ReviewState } from '../../protocol/review';
import { positionAfterDecision, resumePosition, reviewEntries } from './reviewEntries';

export interface ReviewSource {
  /** The run directory's name. */
  directory: string;
  /** The run directory's URI, saved by the panel for a window reload. */
  runDir: string;
  /** The worklist (regressions and runs without a verdict) as indexed now. */
  worklist(): readonly TriageItem[];
  readRecords(): Promise<readonly LabelRecord[]>;
  /** Appends one record to the labels file (one line, under its lock). */
  append(record: ReviewDecision): Promise<void>;
  evidence(item: LabelItem): Promise<ReviewEvidence>;
  /** Why decisions are refused now (Restricted Mode), or null when they are allowed. */
  readOnly(): string | null;
  /** Who reviews; undefined when the person declined to give a name. */
  annotator(): Promise<string | undefined>;
  /** `trajectory-lens 0.1.0`, saved with each record. */
  tool: string;
}

export class ReviewSession {
  private entries: ReviewEntry[] = [];
  private position = 0;
  private revision = 0;

  constructor(
    private readonly source: ReviewSource,
    readonly plan: SamplingPlan,
  ) {}

  /** Builds the queue from the labels file and starts at item `at` (a restored panel's), else its first unreviewed item. */
  async open(at?: number): Promise<ReviewState> {
    this.entries = await this.build();
    this.position = at !== undefined && at < this.entries.length ? at : resumePosition(this.entries);
    return this.state();
  }

  state(): ReviewState {
    this.revision += 1;
    return {
      revision: this.revision,
      directory: this.source.directory,
      runDir: this.source.runDir,
      seed: this.plan.seed,
      sampling: { perStratum: this.plan.perStratum, sizes: { ...this.plan.sizes } },
      entries: this.entries,
      position: this.position,
      readOnly: this.source.readOnly(),
    };
  }

  /** Reads the labels file again (another window or the CLI wrote to it), staying on the item shown. */
  async refresh(): Promise<ReviewState> {
    const shown = this.entries[this.position];
    this.entries = await this.build();
    this.position = this.indexOf(shown?.item) ?? Math.min(this.position, Math.max(0, this.entries.length - 1));
    return this.state();
  }

  evidence(position: number): Promise<ReviewEvidence> {
    return this.source.evidence(this.entryAt(position).item);
  }

  /** Appends one review record for the item at `position`, then moves on to the next unreviewed item. */
  async decide(decision: Decision): Promise<ReviewState> {
    const refused = this.source.readOnly();
    if (refused !== null) throw new Error(refused);
    const entry = this.entryAt(decision.position);
    const annotator = await this.source.annotator();
    if (annotator === undefined) throw new Error('Not saved: a reviewer name is needed (set trajectoryLens.annotator).');
    await this.source.append(
      newReviewRecord({
        item: entry.item,
        code: entry.label.code,
        verdict: decision.verdict,
        side: decision.side,
        note: decision.note.trim(),
        annotator,
        tool: this.source.tool,
      }),
    );
    this.entries = await this.build();
    const decided = this.indexOf(entry.item) ?? decision.position;
    this.position = positionAfterDecision(this.entries, decided);
    return this.state();
  }

  private async build(): Promise<ReviewEntry[]> {
    return reviewEntries(this.source.worklist(), await this.source.readRecords(), this.plan);
  }

  private entryAt(position: number): ReviewEntry {
    const entry = this.entries[position];
    if (entry === undefined) throw new Error(`Item ${position + 1} is not in the review queue (it has ${this.entries.length}).`);
    return entry;
  }

  private indexOf(item: LabelItem | undefined): number | undefined {
    if (item === undefined) return undefined;
    const key = itemKey(item);
    const index = this.entries.findIndex((e) => itemKey(e.item) === key);
    return index === -1 ? undefined : index;
  }
}

export interface JsonReport {
  testResults: { name: string; assertionResults: { title: string; status: string; meta?: { retriedSteps?: string[] } }[] }[];
}
export function passedAfterRetry(report: JsonReport): string[];
export function summaryLine(passed: number, failed: number, retried: string[]): string;

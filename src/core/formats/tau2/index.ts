// The tau2-bench / SEATauBench reader, and what comparisons and sniffing reuse: the localized-literal mapping of
// SEATau L2 Domain runs and the test that recognises a tau2 results object by its content.
export { tau2Reader } from './tau2Reader';
export { isTau2Results } from './resultsFile';
export {
  canonicalizeArgs,
  canonicalLiteral,
  DEFAULT_TAU2_DOMAINS,
  findDomainDir,
  loadRunValueSets,
  loadValueSets,
  valueSetsFromJson,
  type ValueSets,
  type ValueSetsResult,
} from './valueSets';

// One spelling of "the system under test" for every format: the parts a format records (agent implementation, model,
// solver…), trimmed and joined by a space, so `llm_agent gpt-4.1` and `openai/gpt-4o generate` read alike.

/** The named parts joined by a space; null when none is named. */
export function agentName(...parts: readonly (string | null | undefined)[]): string | null {
  const named = parts.map((p) => p?.trim() ?? '').filter((p) => p !== '');
  return named.length === 0 ? null : named.join(' ');
}

// Preloaded into a measured process: prints its peak resident set size on stderr as it exits.
process.on('exit', () => {
  process.stderr.write(`\npeak-rss-kb=${process.resourceUsage().maxRSS}\n`);
});

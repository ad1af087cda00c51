// Preloaded into a measured process: prints its peak resident set size and the CPU time it used on stderr as it exits.
process.on('exit', () => {
  const cpu = process.cpuUsage();
  process.stderr.write(`\npeak-rss-kb=${process.resourceUsage().maxRSS}\ncpu-ms=${Math.round((cpu.user + cpu.system) / 1000)}\n`);
});

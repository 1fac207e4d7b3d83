// Preloaded into a measured Node process (node -r): writes its peak RSS (KiB) to $RSS_PROBE_FILE on
// exit, and its CPU time (user + system, ms) to $CPU_PROBE_FILE when set (what the run would take on
// a machine no other process shares).
const fs = require('fs');
process.on('exit', () => {
  const usage = process.resourceUsage();
  if (process.env.RSS_PROBE_FILE) fs.writeFileSync(process.env.RSS_PROBE_FILE, String(usage.maxRSS));
  if (process.env.CPU_PROBE_FILE) fs.writeFileSync(process.env.CPU_PROBE_FILE, String(Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000)));
});

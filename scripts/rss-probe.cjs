// Preloaded into a measured Node process (node -r): writes its peak RSS (KiB) to $RSS_PROBE_FILE on exit.
const fs = require('fs');
process.on('exit', () => {
  if (process.env.RSS_PROBE_FILE) fs.writeFileSync(process.env.RSS_PROBE_FILE, String(process.resourceUsage().maxRSS));
});

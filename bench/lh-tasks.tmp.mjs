import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const url = process.argv[2]; const runs = Number(process.argv[3] || 3);
for (let r = 0; r < runs; r++) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
  const res = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile', onlyCategories: ['performance'] });
  await chrome.kill();
  const a = res.artifacts; const trace = a.Trace ?? a.traces?.defaultPass; const events = trace.traceEvents;
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  const fcpE = events.find((e) => e.name === 'firstContentfulPaint');
  const pid = fcpE.pid; const tid = names.find((n) => n.pid === pid)?.tid;
  const t0 = events.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts ?? fcpE.ts;
  const lhr = res.lhr;
  console.log(`run ${r}: TBT ${Math.round(lhr.audits['total-blocking-time'].numericValue)} fcp ${Math.round((fcpE.ts - t0) / 1000)}`);
  console.log('  simulated long tasks: ' + lhr.audits['long-tasks'].details.items.map((i) => `${Math.round(i.duration)}@${Math.round(i.startTime)} ${i.url.split('/').pop()}`).join(', '));
  const tasks = events.filter((e) => e.name === 'RunTask' && e.pid === pid && e.tid === tid && e.dur > 11000 && e.ts > fcpE.ts);
  for (const t of tasks) {
    const kids = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts > t.ts && e.ts < t.ts + t.dur && e.dur > 2000 && ['Layout','UpdateLayoutTree','Commit','Paint','v8.evaluateModule','v8.compileModule','FunctionCall','RunMicrotasks','ParseHTML','EvaluateScript','TimerFire','EventDispatch','Decode Image','ImageDecodeTask','FireAnimationFrame'].includes(e.name));
    console.log(`  task ${(t.dur / 1000).toFixed(1)}ms @${((t.ts - t0) / 1000).toFixed(0)}: ` + kids.map((k) => k.name + (k.args?.data?.functionName ? '(' + k.args.data.functionName + ')' : '') + (k.name === 'Layout' ? JSON.stringify(k.args.beginData ?? {}).slice(0,80) : '') + '=' + (k.dur / 1000).toFixed(0)).join(' '));
    const inside = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= t.ts && e.ts < t.ts + t.dur && e.dur > 1000 && e !== t).sort((x, y) => x.ts - y.ts || y.dur - x.dur);
    const stack = [];
    for (const e of inside) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
      if (stack.length < 3 && process.env.DEEP) console.log('     ' + '  '.repeat(stack.length) + e.name + ' ' + (e.dur / 1000).toFixed(1) + ' ' + JSON.stringify(e.args?.data ?? {}).slice(0, 120));
      stack.push(e);
    }
  }
}

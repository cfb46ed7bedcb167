// The fan-out benchmark's subscribers (bench/relay/latency.ts forks this; not an entry of its own): PEOPLE pages, one
// per person, each listening on the relay's event stream over HTTP. Runs in its own process, as browsers would be, so
// that the relay's process does only the relay's work. Reports over IPC: 'ready' once every page has its snapshot,
// then, for each round of one question per person, every arrival as epoch milliseconds (performance.timeOrigin +
// now(): comparable across processes). Ends when the parent disconnects.
import { page } from './parts.js';

const [base, count] = [process.argv[2]!, Number(process.argv[3])];
let arrivals: [string, number][] = [];
const closers: (() => void)[] = [];
for (let i = 0; i < count; i++) {
  closers.push(
    await page(base, `p${i}`, (question, at) => {
      arrivals.push([question.principal, performance.timeOrigin + at]);
      if (arrivals.length === count) {
        process.send!({ arrivals });
        arrivals = [];
      }
    }),
  );
}
process.send!('ready');
process.once('disconnect', () => {
  for (const close of closers) close();
});

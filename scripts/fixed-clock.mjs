// Preloaded (`node --import`) by the screenshots' live runs: the clock every process shows is fixed, and
// random ids come from a counter, so times, dates, log names and ids in a screenshot are the same on
// every run.
import crypto from 'node:crypto';
import {syncBuiltinESMExports} from 'node:module';

const fixedMs = Date.UTC(2026, 0, 15, 14, 5, 9);
const RealDate = Date;
class FixedDate extends RealDate {
	constructor(...args) {
		if (args.length === 0) {
			super(fixedMs);
		} else {
			super(...args);
		}
	}

	static now() {
		return fixedMs;
	}
}
globalThis.Date = FixedDate;

let made = 0;
crypto.randomUUID = () => {
	made++;
	return `${made.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
};
// `import {randomUUID} from 'node:crypto'` in lector's modules sees the replacement too.
syncBuiltinESMExports();

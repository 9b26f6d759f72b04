import {afterEach, expect, test} from 'vitest';
import {formatClock, formatLines, formatRange} from '../../source/panels/format.js';
import {formatBytes} from '../../source/read/notices.js';

const zone = process.env['TZ'];
afterEach(() => {
	process.env['TZ'] = zone;
});

test('formatClock shows the local time of day with seconds', () => {
	process.env['TZ'] = 'UTC';
	expect(formatClock(Date.UTC(2026, 10, 30, 9, 5, 7))).toBe('09:05:07');
	process.env['TZ'] = 'Asia/Tokyo';
	expect(formatClock(Date.UTC(2026, 10, 30, 23, 59, 0))).toBe('08:59:00');
});

test('counts, ranges and sizes', () => {
	expect(formatLines(1)).toBe('1 line');
	expect(formatLines(4312)).toBe('4,312 lines');
	expect(formatRange(120, 101)).toBe('120-220');
	expect(formatRange(7, 1)).toBe('7');
	expect(formatBytes(512, 'person')).toBe('512 B');
	expect(formatBytes(51_200, 'person')).toBe('50.0 KB');
});

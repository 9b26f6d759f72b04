import {describe, expect, test} from 'vitest';
import {letInkDrawOnTerminals} from '../../source/ui/terminal-env.js';

describe('letInkDrawOnTerminals', () => {
	test('on a terminal, CI and CONTINUOUS_INTEGRATION no longer say CI; others stay', () => {
		const env: Record<string, string | undefined> = {CI: 'true', CONTINUOUS_INTEGRATION: '1', HOME: '/h'};
		letInkDrawOnTerminals(env, true);
		expect(env).toEqual({CI: 'false', CONTINUOUS_INTEGRATION: 'false', HOME: '/h'});
	});

	test('adds nothing that was not set', () => {
		const env: Record<string, string | undefined> = {HOME: '/h'};
		letInkDrawOnTerminals(env, true);
		expect(env).toEqual({HOME: '/h'});
	});

	test('off a terminal the environment is left as it was', () => {
		const env: Record<string, string | undefined> = {CI: 'true'};
		letInkDrawOnTerminals(env, false);
		expect(env).toEqual({CI: 'true'});
	});
});

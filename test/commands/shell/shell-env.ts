import path from 'node:path';

/** An `env` prefix for the shell in tmux: no model from the person's environment, state and config under `temporary`. */
export function shellEnv(temporary: string): string {
	const unset = [
		'ANTHROPIC_API_KEY',
		'ANTHROPIC_AUTH_TOKEN',
		'ANTHROPIC_BASE_URL',
		'ANTHROPIC_MODEL',
		'OPENAI_API_KEY',
		'OPENAI_BASE_URL',
		'LECTOR_PROVIDER',
		'LECTOR_MODEL',
		'LECTOR_BASE_URL',
		'LECTOR_API_KEY',
		'LECTOR_MAX_OUTPUT_TOKENS',
	].map((name) => `-u ${name}`);
	// CONTINUOUS_INTEGRATION=1 as well as CI: lector draws on a terminal even then.
	return `env ${unset.join(' ')} CI=true CONTINUOUS_INTEGRATION=1 XDG_CONFIG_HOME=${JSON.stringify(path.join(temporary, 'config'))} XDG_STATE_HOME=${JSON.stringify(temporary)}`;
}

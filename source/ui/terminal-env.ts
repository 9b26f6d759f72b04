/**
Ink decides when it is first imported whether it runs under CI (is-in-ci: CI or CONTINUOUS_INTEGRATION
set to anything but "0" or "false"), and under CI it writes no frame until the app exits. A person whose
shell exports CI=true, as some dev containers do, would then stare at a blank screen. On a terminal
lector is interactive whatever CI says, so it sets those variables to "false" for this process (it
starts no child processes) before Ink is loaded.
*/

const ciVariables = ['CI', 'CONTINUOUS_INTEGRATION'] as const;

/**
Makes Ink draw frames when both ends are terminals; leaves the environment alone otherwise (a pipe
gets the plain printed output either way). Must run before the first import of Ink.
*/
export function letInkDrawOnTerminals(env: Record<string, string | undefined>, interactive: boolean): void {
	if (!interactive) {
		return;
	}

	for (const name of ciVariables) {
		if (env[name] !== undefined) {
			env[name] = 'false';
		}
	}
}

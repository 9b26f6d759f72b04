import type {RawToolArgs} from './types.js';

// Booleans are parsed as the read engine parses its own, with the same messages.
export {optionalBoolean} from '../read/params.js';

/** A required non-empty string argument, or an Error whose message tells the model what to send. */
export function requiredString(args: RawToolArgs, name: string, example: string): string | Error {
	const value = args[name];
	if (typeof value !== 'string' || value.trim() === '') {
		const got = value === undefined ? 'nothing' : JSON.stringify(value);
		return new Error(
			`${name} must be a non-empty string (e.g. ${name}=${JSON.stringify(example)}), got ${got}.`,
		);
	}

	return value;
}

/** An optional string argument; null and '' count as absent, since models send both for "not given". */
export function optionalString(args: RawToolArgs, name: string): string | undefined | Error {
	const value = args[name];
	if (value === undefined || value === null || value === '') {
		return undefined;
	}

	return typeof value === 'string'
		? value
		: new Error(`${name} must be a string, got ${JSON.stringify(value)}.`);
}

/** Names of arguments the tool does not know, so a misspelt one is reported rather than ignored. */
export function unknownArgs(args: RawToolArgs, known: readonly string[]): string | undefined {
	const extra = Object.keys(args).filter((name) => !known.includes(name));
	return extra.length > 0
		? `Unknown argument${extra.length > 1 ? 's' : ''} ${extra.join(', ')}; this tool takes ${known.join(', ')}.`
		: undefined;
}

/** The first problem among checked arguments: the unknown-argument notice, else the first Error's message. */
export function firstProblem(unknown: string | undefined, ...checked: readonly unknown[]): string {
	if (unknown) {
		return unknown;
	}

	const error = checked.find((value) => value instanceof Error);
	return error instanceof Error ? error.message : 'the arguments are not valid.';
}

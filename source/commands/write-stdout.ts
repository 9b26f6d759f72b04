/**
Writes to stdout without making process.stdout: on a pipe that stream is a net.Socket, and loading and
building it costs about 5 ms of a start (issue 14), more than `lector --version` or
`lector read FILE --model-view` spend on their answer. The bytes go straight to file descriptor 1;
should it be non-blocking and full (EAGAIN), the rest goes through process.stdout as usual.
*/
import {fstatSync, writeSync} from 'node:fs';

/** Writes all of `text` to stdout, synchronously when it can. A closed reader (EPIPE) ends the output quietly. */
export function writeStdout(text: string): void {
	const bytes = Buffer.from(text);
	let written = 0;
	try {
		while (written < bytes.length) {
			written += writeSync(1, bytes, written);
		}
	} catch (error) {
		const code = error instanceof Error && 'code' in error ? error.code : undefined;
		if (code === 'EAGAIN') {
			process.stdout.write(bytes.subarray(written));
		} else if (code !== 'EPIPE') {
			throw error;
		}
	}
}

/**
Whether stdout may be a terminal, without node:tty (which loads node:net too): a character device
may be one; a pipe, a socket or a file is not.
*/
export function stdoutMayBeTerminal(): boolean {
	try {
		return fstatSync(1).isCharacterDevice();
	} catch {
		return false;
	}
}

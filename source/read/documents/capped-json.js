/*
A JSON parser for notebooks of any size, run in the document worker (extract-worker.js). JSON.parse
builds every string of a 200 MB notebook whose one output is 20 million short lines (15 s and 1.3 GB
here); this parser keeps what a read can show and counts the rest without building it:

- an array keeps its first `keepItems` strings (ten times as many other values) and `keepChars`
  characters of strings; the rest is
  skipped byte by byte and summarised by one marker element `{[cutKey]: {items, bytes, lineEnds}}`
  (`bytes`: of string content, each escape counted as one);
- a string longer than `keepChars` (or than what is left of `totalChars` for the whole document)
  becomes `{[cutKey]: {prefix, items: 1, bytes, lineEnds}}`, its first characters kept;
- nesting deeper than `maxDepth` is an error, as is anything JSON.parse would refuse.

`lineEnds` counts the `\n` escapes skipped, so a cut output can say how many lines it left out.
Plain JavaScript for the worker's reason (see extract-worker.js).
*/

export const cutKey = '__lectorCut';

const quote = 0x22;
const backslash = 0x5c;
const letterN = 0x6e;
/** Whether `byte` ends a number or literal: white space, a comma, a closing bracket or a colon. */
function endsWord(byte) {
	return (
		byte === 0x20 ||
		byte === 0x0a ||
		byte === 0x0d ||
		byte === 0x09 ||
		byte === 0x2c ||
		byte === 0x5d ||
		byte === 0x7d ||
		byte === 0x3a
	);
}

const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
Parses UTF-8 JSON `bytes` (a Buffer) under the caps. Throws a SyntaxError for invalid JSON and a
RangeError for nesting deeper than `maxDepth`.
*/
export function parseCappedJson(bytes, caps = {}) {
	const {
		maxDepth = 256,
		keepItems = 100_000,
		keepChars = 8 * 1024 * 1024,
		totalChars = 64 * 1024 * 1024,
	} = caps;
	let pos = 0;
	let charsLeft = totalChars;

	const fail = (what) => {
		throw new SyntaxError(`${what} at position ${pos}`);
	};

	const skipSpace = () => {
		for (;;) {
			const byte = bytes[pos];
			if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) {
				pos++;
			} else {
				return;
			}
		}
	};

	/** The index of the quote that closes the string opening at `pos`. */
	const stringEnd = () => {
		let from = pos + 1;
		for (;;) {
			const end = bytes.indexOf(quote, from);
			if (end === -1) {
				pos = bytes.length;
				fail('Unterminated string in JSON');
			}

			let slashes = 0;
			while (bytes[end - 1 - slashes] === backslash) {
				slashes++;
			}

			if (slashes % 2 === 0) {
				return end;
			}

			from = end + 1;
		}
	};

	/** `\n` escapes and content bytes (an escape counted as one) of a string's bytes from `start` to `end`. */
	const contentIn = (start, end) => {
		let lineEnds = 0;
		let escapes = 0;
		let at = bytes.indexOf(backslash, start);
		while (at !== -1 && at < end) {
			const escaped = bytes[at + 1];
			if (escaped === letterN) {
				lineEnds++;
			}

			const width = escaped === 0x75 ? 6 : 2;
			escapes += width - 1;
			at = bytes.indexOf(backslash, at + width);
		}

		return {lineEnds, bytes: end - start - escapes};
	};

	const decode = (start, end) => {
		const raw = bytes.toString('utf8', start + 1, end);
		// Most strings have no escape: taken as they are, without a JSON.parse per string.
		if (!raw.includes('\\')) {
			return raw;
		}

		try {
			return JSON.parse(`"${raw}"`);
		} catch (error) {
			pos = start;
			fail(error instanceof Error ? error.message.replace(/ in JSON.*$/, '') : 'Bad string');
		}
	};

	const parseString = (limit) => {
		const start = pos;
		const end = stringEnd();
		pos = end + 1;
		const length = end - start - 1;
		if (length <= limit) {
			return decode(start, end);
		}

		// Keep a prefix that ends neither inside an escape nor inside a character.
		let cut = start + 1 + Math.max(0, limit);
		while (cut > start + 1 && (bytes[cut] & 0xc0) === 0x80) {
			cut--;
		}

		let slashes = 0;
		while (bytes[cut - 1 - slashes] === backslash) {
			slashes++;
		}

		cut -= slashes % 2 === 1 ? 1 : 0;
		const unicode = bytes.lastIndexOf(backslash, cut - 1);
		if (unicode !== -1 && cut - unicode < 6 && bytes[unicode + 1] === 0x75) {
			cut = unicode;
		}

		// End the prefix after a whole line when one ends in its last 4 KB.
		const lineEnd = bytes.lastIndexOf('\\n', cut - 2);
		if (lineEnd > start && cut - lineEnd < 4096) {
			cut = lineEnd + 2;
		}

		let prefix = '';
		try {
			prefix = JSON.parse(`"${bytes.toString('utf8', start + 1, cut)}"`);
		} catch {
			// An odd escape at the cut: the counts below still say what was left out.
			cut = start + 1;
		}

		return {[cutKey]: {prefix, items: 1, ...contentIn(cut, end)}};
	};

	/**
	Skips the rest of an array up to its `]`, counting elements, bytes and `\n` escapes: one tight loop
	over the bytes, no call per element, since this is where a 20-million-line output goes.
	*/
	const skipRest = () => {
		const length = bytes.length;
		let depth = 0;
		let items = 0;
		let lineEnds = 0;
		let sawValue = false;
		let inString = false;
		// Bytes of string content, an escape counted as one: about the size of the text left out.
		let textBytes = 0;
		while (pos < length) {
			const byte = bytes[pos];
			if (inString) {
				if (byte === backslash) {
					const escaped = bytes[pos + 1];
					if (escaped === letterN) {
						lineEnds++;
					}

					textBytes++;
					pos += escaped === 0x75 ? 6 : 2;
					continue;
				}

				if (byte === quote) {
					inString = false;
				} else {
					textBytes++;
				}

				pos++;
				continue;
			}

			if (byte === quote) {
				inString = true;
				sawValue = true;
			} else if (byte === 0x5b || byte === 0x7b) {
				depth++;
				sawValue = true;
				if (depth > maxDepth) {
					throw new RangeError(`JSON nested deeper than ${maxDepth} levels`);
				}
			} else if (byte === 0x5d || byte === 0x7d) {
				if (depth === 0) {
					pos++;
					return {items: items + (sawValue ? 1 : 0), bytes: textBytes, lineEnds};
				}

				depth--;
			} else if (byte === 0x2c && depth === 0) {
				items++;
				sawValue = false;
			} else if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) {
				sawValue = true;
			}

			pos++;
		}

		return fail('Unterminated array in JSON');
	};

	const parseValue = (depth) => {
		skipSpace();
		const byte = bytes[pos];
		if (byte === quote) {
			const value = parseString(Math.min(keepChars, Math.max(0, charsLeft)));
			charsLeft -= typeof value === 'string' ? value.length : value[cutKey].prefix.length;
			return value;
		}

		if (byte === 0x7b || byte === 0x5b) {
			if (depth >= maxDepth) {
				throw new RangeError(`JSON nested deeper than ${maxDepth} levels`);
			}

			return byte === 0x7b ? parseObject(depth) : parseArray(depth);
		}

		const start = pos;
		while (pos < bytes.length && !endsWord(bytes[pos])) {
			pos++;
		}

		const word = bytes.toString('latin1', start, pos);
		if (word === 'true') {
			return true;
		}

		if (word === 'false') {
			return false;
		}

		if (word === 'null') {
			return null;
		}

		if (number.test(word)) {
			return Number(word);
		}

		pos = start;
		return fail(
			pos >= bytes.length ? 'Unexpected end of JSON input' : `Unexpected token '${word.slice(0, 20)}'`,
		);
	};

	const expect = (byte, what) => {
		skipSpace();
		if (bytes[pos] !== byte) {
			fail(`Expected ${what}`);
		}

		pos++;
	};

	const parseObject = (depth) => {
		pos++;
		const object = {};
		skipSpace();
		if (bytes[pos] === 0x7d) {
			pos++;
			return object;
		}

		for (;;) {
			skipSpace();
			if (bytes[pos] !== quote) {
				fail('Expected a property name');
			}

			const key = parseString(4096);
			expect(0x3a, "':'");
			const value = parseValue(depth + 1);
			if (typeof key === 'string') {
				// defineProperty: a "__proto__" key is data, as with JSON.parse.
				Object.defineProperty(object, key, {value, enumerable: true, writable: true, configurable: true});
			}

			skipSpace();
			if (bytes[pos] === 0x2c) {
				pos++;
				continue;
			}

			expect(0x7d, "',' or '}'");
			return object;
		}
	};

	const parseArray = (depth) => {
		pos++;
		const array = [];
		let chars = 0;
		skipSpace();
		if (bytes[pos] === 0x5d) {
			pos++;
			return array;
		}

		for (;;) {
			skipSpace();
			// Strings (lines) are cut at `keepItems`; other values (cells, outputs) at ten times that.
			const string = bytes[pos] === quote;
			if (
				array.length >= (string ? keepItems : 10 * keepItems) ||
				(string && (chars >= keepChars || charsLeft <= 0))
			) {
				array.push({[cutKey]: skipRest()});
				return array;
			}

			const value = parseValue(depth + 1);
			array.push(value);
			if (typeof value === 'string') {
				chars += value.length;
			}

			skipSpace();
			if (bytes[pos] === 0x2c) {
				pos++;
				continue;
			}

			expect(0x5d, "',' or ']'");
			return array;
		}
	};

	if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
		pos = 3;
	}

	const value = parseValue(0);
	skipSpace();
	if (pos < bytes.length) {
		fail('Unexpected non-whitespace character after JSON');
	}

	return value;
}

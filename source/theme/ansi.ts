/**
Turning styled lines into ANSI text. The colour depth follows the environment: NO_COLOR (any
non-empty value) turns colour off, FORCE_COLOR (0-3, or true/false) forces a depth, otherwise a
TTY gets colour (24-bit when COLORTERM says so, else 256) and anything else gets none.
*/
import type {StyledLine} from '../text/styled.js';
import type {Ansi16Color, Role, Style, Theme} from './roles.js';

/** 0 = no escape sequences at all, 1 = 16 colours, 2 = 256 colours, 3 = 24-bit. */
export type ColorLevel = 0 | 1 | 2 | 3;

/** Decide the colour depth from the environment and whether the output is a terminal. */
export function detectColorLevel(
	env: Readonly<Record<string, string | undefined>>,
	isTty: boolean,
): ColorLevel {
	const force = env['FORCE_COLOR'];
	if (force !== undefined) {
		switch (force.toLowerCase()) {
			case '0':
			case 'false': {
				return 0;
			}

			case '2': {
				return 2;
			}

			case '3': {
				return 3;
			}

			default: {
				// '1', 'true', '' and anything else: colour on, at the depth the terminal seems to have.
				return guessDepth(env);
			}
		}
	}

	if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') {
		return 0;
	}

	if (!isTty || env['TERM'] === 'dumb') {
		return 0;
	}

	return guessDepth(env);
}

function guessDepth(env: Readonly<Record<string, string | undefined>>): ColorLevel {
	const colorTerm = env['COLORTERM'] ?? '';
	if (colorTerm === 'truecolor' || colorTerm === '24bit') {
		return 3;
	}

	return (env['TERM'] ?? '').includes('256') || colorTerm !== '' ? 2 : 1;
}

function parseHex(color: string): [number, number, number] {
	const value = Number.parseInt(color.slice(1), 16);
	return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function to256([red, green, blue]: [number, number, number]): number {
	if (red === green && green === blue) {
		if (red < 8) {
			return 16;
		}

		if (red > 248) {
			return 231;
		}

		return Math.round(((red - 8) / 247) * 24) + 232;
	}

	const scale = (value: number) => Math.round((value / 255) * 5);
	return 16 + 36 * scale(red) + 6 * scale(green) + scale(blue);
}

function to16([red, green, blue]: [number, number, number]): number {
	const bright = Math.max(red, green, blue) > 170;
	const bits = (blue > 110 ? 4 : 0) | (green > 110 ? 2 : 0) | (red > 110 ? 1 : 0);
	return (bright ? 90 : 30) + bits;
}

const ansi16Codes: Readonly<Record<Ansi16Color, number>> = {
	brightBlack: 90,
	red: 31,
	green: 32,
	yellow: 33,
	blue: 34,
	magenta: 35,
	cyan: 36,
	brightRed: 91,
	brightGreen: 92,
	brightYellow: 93,
	brightBlue: 94,
	brightMagenta: 95,
	brightCyan: 96,
};

/** The SGR parameters for a style at a colour depth ('' when the style adds nothing). */
export function sgrParameters(style: Style, level: ColorLevel): string {
	if (level === 0) {
		return '';
	}

	const codes: string[] = [];
	if (style.bold) {
		codes.push('1');
	}

	if (style.dim) {
		codes.push('2');
	}

	if (style.italic) {
		codes.push('3');
	}

	if (style.underline) {
		codes.push('4');
	}

	if (style.inverse) {
		codes.push('7');
	}

	if (style.strikethrough) {
		codes.push('9');
	}

	if (style.color !== undefined) {
		const rgb = parseHex(style.color);
		if (level === 3) {
			codes.push(`38;2;${rgb[0]};${rgb[1]};${rgb[2]}`);
		} else if (level === 2) {
			codes.push(`38;5;${to256(rgb)}`);
		} else {
			codes.push(String(style.color16 === undefined ? to16(rgb) : ansi16Codes[style.color16]));
		}
	}

	return codes.join(';');
}

/** Turns styled lines into ANSI strings, with each role's escape sequence computed once. */
export type Painter = {
	readonly level: ColorLevel;
	readonly theme: Theme;
	/** One line as ANSI text; every styled run is closed with a reset, so lines never bleed. */
	paint(line: StyledLine<Role>): string;
};

/** Build a painter for a theme at a colour depth. */
export function createPainter(theme: Theme, level: ColorLevel): Painter {
	const openers = new Map<Role, string>();
	const opener = (role: Role): string => {
		let value = openers.get(role);
		if (value === undefined) {
			const parameters = sgrParameters(theme.styles[role], level);
			value = parameters === '' ? '' : `\u001B[${parameters}m`;
			openers.set(role, value);
		}

		return value;
	};

	return {
		level,
		theme,
		paint(line) {
			let out = '';
			for (const segment of line) {
				const open = opener(segment.role);
				out += open === '' ? segment.text : `${open}${segment.text}\u001B[0m`;
			}

			return out;
		},
	};
}

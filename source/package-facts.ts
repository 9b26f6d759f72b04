/**
lector's name, version and description, as in package.json. The build writes them in (esbuild's
`define`, scripts/build.mjs), so that a start reads and normalises no package.json; code run from
the sources (vitest) reads package.json instead.
*/
import {createRequire} from 'node:module';

export type PackageFacts = {readonly name: string; readonly version: string; readonly description: string};

declare const __LECTOR_PACKAGE__: PackageFacts | undefined;

function field(value: unknown, name: string): string {
	const found =
		typeof value === 'object' && value !== null && name in value ? Reflect.get(value, name) : undefined;
	return typeof found === 'string' ? found : '';
}

function factsFromPackageJson(): PackageFacts {
	const packageJson: unknown = createRequire(import.meta.url)('../package.json');
	return {
		name: field(packageJson, 'name'),
		version: field(packageJson, 'version'),
		description: field(packageJson, 'description'),
	};
}

export const packageFacts: PackageFacts =
	typeof __LECTOR_PACKAGE__ === 'object' ? __LECTOR_PACKAGE__ : factsFromPackageJson();

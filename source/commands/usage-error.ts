/** A mistake in how lector was called: reported with exit code 2. Apart, so that cli.tsx can catch it without loading the read engine. */
export class UsageError extends Error {}

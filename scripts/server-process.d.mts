// Types of server-process.mjs (plain JavaScript: `npm start` runs it without tsx).
export declare const serverEnvironment: Readonly<Record<string, string>>;
export declare function needsServerEnvironment(env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): boolean;
export declare function runWithServerEnvironment(): Promise<never>;
export declare function stopWithParent(): void;

// Types of server-bundle.mjs (plain JavaScript: `npm start` runs it without tsx).
export declare const bundleFolder: string;
export declare const contractJsonName: string;
export declare function serverBundleReason(root: string): string | null;
export declare function contractHash(text: string): string;
export declare function buildServerBundle(root: string): Promise<void>;
export declare function ensureServerBundle(root: string, print?: (line: string) => void): Promise<void>;

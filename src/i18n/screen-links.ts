/**
 * The screens a server text may point the trader to. The server names a screen in words, as the menu does
 * ("the Kill switch page"); the catalogue wraps those words in the screen's tag (server-texts.ts), and the app
 * makes them a link (server-text.tsx), or plain words where a text cannot hold one (a toast, a title).
 */
export const screenLinks = {
  killSwitch: '/app/kill-switch',
} as const;

export type ScreenTag = keyof typeof screenLinks;

export const screenTags = Object.keys(screenLinks) as ScreenTag[];

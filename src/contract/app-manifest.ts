/**
 * The installed app's manifest, as the build writes it and the server sends
 * it (docs/decisions/0142-installable-app-and-its-worker.md): one file per
 * language, sent at one address with the operator's product name.
 */

/** Where the page links the manifest; the server picks the member's language's file. */
export const MANIFEST_PATH = '/manifest.webmanifest';

type ManifestLanguage = 'th' | 'la' | 'en';

/** The build's file of one language's manifest, in the output folder. */
export function manifestFile(language: ManifestLanguage): string {
  return `manifest-${language}.webmanifest`;
}

/** A launcher's label has room for about 12 characters: a longer name gives its first word. */
export function shortName(name: string): string {
  return name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name);
}

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function manifestEntryKey(manifest: Manifest): string;

export function manifestStaticKeys(manifest: Manifest, key: string, seen?: Set<string>): Set<string>;

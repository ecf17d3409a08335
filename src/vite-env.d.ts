interface ImportMetaEnv {
  /** 'th' (default) or 'la': the build's variant (vite.config.ts copies VARIANT into it). */
  readonly VITE_VARIANT?: string;
}

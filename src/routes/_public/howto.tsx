import { createFileRoute } from '@tanstack/react-router';
import { HowtoPage } from '../../features/howto/HowtoPage.tsx';
import { loadCatalogue } from '../../i18n/locale.ts';

export const Route = createFileRoute('/_public/howto')({
  // The page's texts are a catalogue of their own (lingui.config.ts).
  loader: () => loadCatalogue('howto'),
  component: HowtoPage,
});

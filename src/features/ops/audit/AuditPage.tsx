import type { AreaPageProps } from '../console/areas.ts';

export default function Placeholder(_: AreaPageProps) {
  return <div className="ops-page" />;
}

/**
 * /ops/members (support, finance; admins): the search, and a member's page
 * at /ops/members/<phone> (docs/decisions/0128-members-and-service-in-the-console.md).
 */
import type { AreaPageProps } from '../console/area-page.ts';
import { MemberPage } from './MemberPage.tsx';
import { MemberSearch } from './MemberSearch.tsx';
import './members.css';

/** console/areas.ts's AreaPageProps, written out: importing it from there would make an import circle (areas.ts loads this page). */
export default function MembersArea({ operator, path }: AreaPageProps) {
  const [phone] = path;
  return phone ? <MemberPage key={phone} operator={operator} phone={phone} /> : <MemberSearch />;
}

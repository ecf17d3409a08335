/**
 * /ops/members (support, finance; admins): the search, and a member's page
 * at /ops/members/<phone> (docs/decisions/0128-members-and-service-in-the-console.md).
 */
import type { AreaPageProps } from '../console/areas.ts';
import { MemberPage } from './MemberPage.tsx';
import { MemberSearch } from './MemberSearch.tsx';
import './members.css';

export default function MembersArea({ operator, path }: AreaPageProps) {
  const [phone] = path;
  return phone ? <MemberPage key={phone} operator={operator} phone={phone} /> : <MemberSearch />;
}

import AccountPage from '@/features/account/account-page';
import { FamilyTab } from '@/features/family/family-tab';
import { MemberFamilyCard } from '@/features/family/member-family-card';

/**
 * The Account route: the account feature's page with the family feature's parts in its slots
 * (a feature never imports another; the route composes them).
 */
export default function AccountRoute() {
  return <AccountPage familyTab={<FamilyTab />} familyCard={<MemberFamilyCard />} />;
}

import { LegalPage } from './legal-page';

/** `/privacy-policy` (spec section 2; dated when it last changed, README differences): `content/pages/privacy-policy.md`. */
export default function PrivacyPolicyPage() {
  return <LegalPage id="privacy-policy" title="Privacy Policy" />;
}

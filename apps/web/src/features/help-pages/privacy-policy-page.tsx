import { LegalPage } from './legal-page';

/** `/privacy-policy` (spec section 2, dated April 7, 2025): `content/pages/privacy-policy.md`. */
export default function PrivacyPolicyPage() {
  return <LegalPage id="privacy-policy" title="Privacy Policy" />;
}

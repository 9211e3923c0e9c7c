import { LegalPage } from './legal-page';

/** `/terms-of-service` (spec section 2): `content/pages/terms-of-service.md`. */
export default function TermsOfServicePage() {
  return <LegalPage id="terms-of-service" title="Terms of Service" />;
}

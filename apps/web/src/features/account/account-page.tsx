import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { LogOut } from 'lucide-react';
import type { CurrentUser } from '@baitcheck/contracts';
import { AccessibilityPanel } from '@/components/accessibility/accessibility-panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { readAuthError, useCurrentUser, useSignOut } from '@/lib/api/auth';
import { useFamily } from '@/lib/api/family';
import { AssistantTab } from './assistant-tab';
import { HelpCard } from './help-card';
import { YourDataCard } from './your-data-card';
import { ProfileCard, ProfileCardError, ProfileCardLoading } from './profile-card';
import { SubscriptionCard } from './subscription-card';

function SignOutButton({ onSignedOut }: { onSignedOut: () => void }) {
  const signOut = useSignOut();
  const run = async () => {
    try {
      await signOut.mutateAsync();
      toast({ title: 'Signed out' });
      onSignedOut();
    } catch (error) {
      toast({ title: 'Error', description: readAuthError(error).message, variant: 'destructive' });
    }
  };
  return (
    <Button
      variant="outline"
      className="w-full"
      disabled={signOut.isPending}
      onClick={run}
    >
      <LogOut aria-hidden="true" className="h-4 w-4" />
      {signOut.isPending ? 'Signing out...' : 'Sign Out'}
    </Button>
  );
}

function AccountTab({ familyCard }: { familyCard?: ReactNode }) {
  const me = useCurrentUser();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After signing in or out the form that had focus is gone: move focus to the new profile heading.
  const [focusWhen, setFocusWhen] = useState<CurrentUser['kind'] | null>(null);
  const kind = me.data?.kind;
  useEffect(() => {
    if (focusWhen && kind === focusWhen) {
      headingRef.current?.focus();
      setFocusWhen(null);
    }
  }, [focusWhen, kind]);

  return (
    <div className="space-y-4">
      {me.isPending ? (
        <ProfileCardLoading />
      ) : me.isError ? (
        <ProfileCardError onRetry={() => void me.refetch()} />
      ) : (
        <ProfileCard user={me.data} headingRef={headingRef} onSignedIn={() => setFocusWhen('account')} />
      )}
      <SubscriptionCard />
      {familyCard}
      {me.data ? <YourDataCard user={me.data} onDeleted={() => setFocusWhen('guest')} /> : null}
      <HelpCard />
      {me.data?.kind === 'account' ? <SignOutButton onSignedOut={() => setFocusWhen('guest')} /> : null}
    </div>
  );
}

/**
 * The Account page. `familyTab` and `familyCard` are the family feature's parts, put in by the
 * route: the Family Dashboard tab shows for a family's manager (and for someone on the Family plan
 * who has not invited anyone yet); a member's family card sits in the Account tab.
 */
export default function AccountPage({ familyTab, familyCard }: { familyTab?: ReactNode; familyCard?: ReactNode } = {}) {
  const family = useFamily();
  const showFamilyTab = familyTab !== undefined && (family.data?.role === 'manager' || (family.data?.role === 'none' && family.data.canCreate));
  // `/account?tab=family` opens the Family Dashboard (the link after buying the Family plan);
  // `?tab=assistant` the assistant (the help pages' "ask the assistant")
  const search = useSearch();
  const [chosen, setChosen] = useState(() => {
    const asked = new URLSearchParams(search).get('tab');
    return asked === 'family' || asked === 'assistant' ? asked : 'account';
  });
  // asked for a Family Dashboard this person does not have (not a manager): the Account tab, not a blank page
  const tab = chosen === 'family' && !showFamilyTab && !family.isPending ? 'account' : chosen;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Account</h1>
      <Tabs value={tab} onValueChange={setChosen}>
        <TabsList aria-label="Account sections" className={showFamilyTab ? 'grid grid-cols-2 sm:flex' : undefined}>
          <TabsTrigger value="account">Account</TabsTrigger>
          {showFamilyTab ? <TabsTrigger value="family">Family Dashboard</TabsTrigger> : null}
          <TabsTrigger value="accessibility">Accessibility</TabsTrigger>
          <TabsTrigger value="assistant">Virtual Assistant</TabsTrigger>
        </TabsList>
        <TabsContent value="account">
          <AccountTab familyCard={familyCard} />
        </TabsContent>
        {showFamilyTab ? <TabsContent value="family">{familyTab}</TabsContent> : null}
        <TabsContent value="accessibility">
          <Card className="p-4">
            <h2 className="text-base font-semibold text-slate-900">Accessibility</h2>
            <p className="mb-4 text-sm text-slate-600">Display preferences for this device.</p>
            <AccessibilityPanel />
          </Card>
        </TabsContent>
        {/* Kept mounted while another tab is open, so switching tabs does not forget the conversation. */}
        <TabsContent value="assistant" forceMount className="data-[state=inactive]:hidden">
          <AssistantTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

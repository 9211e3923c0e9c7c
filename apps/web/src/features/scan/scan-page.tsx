import { useRef } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { GeneralScan } from './general-scan';
import { ScanAllowance } from './scan-allowance';
import { useShareTarget } from './share-target';
import { SocialScan } from './social-scan';

export default function ScanPage() {
  // a text or link shared to the app becomes the Message form's draft before the forms appear;
  // General Scan says so once, even if the person goes to the Social tab and back
  const share = useRef(useShareTarget());
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Scan for Threats</h1>
      <p className="mb-4 text-sm text-slate-600">Paste a message or a link and Baitcheck tells you whether it looks like a scam.</p>
      <ScanAllowance />
      <Tabs defaultValue="general">
        <TabsList aria-label="Scan type">
          <TabsTrigger value="general">General Scan</TabsTrigger>
          <TabsTrigger value="social">Social Media</TabsTrigger>
        </TabsList>
        {/* tabIndex -1: the panels hold fields, so Tab goes from the tab list straight into the first one */}
        <TabsContent value="general" tabIndex={-1}>
          <GeneralScan share={share} />
        </TabsContent>
        <TabsContent value="social" tabIndex={-1}>
          <SocialScan />
        </TabsContent>
      </Tabs>
    </div>
  );
}

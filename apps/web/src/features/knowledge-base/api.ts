import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArticleVotes, KnowledgeBaseArticle, KnowledgeBaseCategory, KnowledgeBaseList } from '@baitcheck/contracts';
import { API_ROUTES as API, buildPath } from '@baitcheck/contracts/lite';
import { api } from '@/lib/api-client';

const KEY = ['knowledge-base'] as const;

/** `GET /api/knowledge-base/articles?q=&category=` as a path. */
export function articlesPath(q: string, category: KnowledgeBaseCategory | null): string {
  const params = new URLSearchParams();
  if (q.trim() !== '') params.set('q', q.trim());
  if (category) params.set('category', category);
  const search = params.toString();
  return search ? `${API.listKnowledgeBaseArticles.path}?${search}` : API.listKnowledgeBaseArticles.path;
}

/** A list with the search it answers: while the next search loads, the previous list is shown as it was laid out. */
export interface ArticlesOf extends KnowledgeBaseList {
  query: string;
}

/** The articles of a search and category; the previous list stays while the next one loads (no flicker as one types). */
export function useArticles(q: string, category: KnowledgeBaseCategory | null) {
  const query = q.trim();
  return useQuery({
    queryKey: [...KEY, 'list', { q: query, category }],
    queryFn: async (): Promise<ArticlesOf> => ({ ...(await api.get<KnowledgeBaseList>(articlesPath(query, category))), query }),
    placeholderData: keepPreviousData,
  });
}

const articleKey = (id: string) => [...KEY, 'article', id] as const;

/** One article with its votes. */
export function useArticle(id: string) {
  return useQuery({
    queryKey: articleKey(id),
    queryFn: () => api.get<KnowledgeBaseArticle>(buildPath(API.getKnowledgeBaseArticle.path, { id })),
  });
}

/** 'Yes, it helped' / 'No, I need more help': the answer's counts replace the article's. */
export function useVote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (helpful: boolean) => api.post<ArticleVotes>(buildPath(API.voteKnowledgeBaseArticle.path, { id }), { helpful }),
    onSuccess: (votes) => {
      queryClient.setQueryData<KnowledgeBaseArticle>(articleKey(id), (article) => (article ? { ...article, votes } : article));
    },
  });
}

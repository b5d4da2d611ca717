// The one blog form, for a new post and for editing one: title, slug (follows the title until edited),
// excerpt, cover image, Markdown body with a live preview (rendered by the server exactly as it will
// be published), draft or published. Each field shows its own error; what was typed is kept in this
// tab's session storage until it is saved, so a failed save (or a sign-in in between) loses nothing.
import { useEffect, useId, useRef, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { FormError, TextField } from '../../../components/ui/field'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { BlogPostInputSchema, slugify, type AdminBlogPost, type BlogStatus } from '@contract/blog'
import { previewMarkdown, uploadBlogImage, useSaveBlogPost } from '../api/admin-blog'

interface FormState {
  title: string
  slug: string
  slugEdited: boolean
  excerpt: string
  bodyMarkdown: string
  coverImageId: string | null
  coverImageUrl: string | null
  status: BlogStatus
}
type Errors = Partial<Record<'title' | 'slug' | 'excerpt' | 'bodyMarkdown' | 'coverImageId' | 'status' | 'form', string>>

const EMPTY: FormState = { title: '', slug: '', slugEdited: false, excerpt: '', bodyMarkdown: '', coverImageId: null, coverImageUrl: null, status: 'draft' }
const fromPost = (p: AdminBlogPost): FormState => ({ ...p, slugEdited: true })
const stashKey = (id: string | undefined) => `blogDraft:${id ?? 'new'}`

function readStash(id: string | undefined, post: AdminBlogPost | undefined): FormState {
  try {
    const raw = sessionStorage.getItem(stashKey(id))
    if (raw) return { ...EMPTY, ...(JSON.parse(raw) as Partial<FormState>) }
  } catch {
    /* no storage or a bad copy: start from the post */
  }
  return post ? fromPost(post) : EMPTY
}

export function BlogForm({ post }: { post?: AdminBlogPost }) {
  const id = post?.id
  const navigate = useNavigate()
  const save = useSaveBlogPost(id)
  const [form, setForm] = useState<FormState>(() => readStash(id, post))
  const [errors, setErrors] = useState<Errors>({})
  const [uploading, setUploading] = useState(false)
  const bodyId = useId()
  const dirty = useRef(false)

  useEffect(() => {
    if (!dirty.current) return // nothing typed yet: the saved post is the truth
    try {
      sessionStorage.setItem(stashKey(id), JSON.stringify(form))
    } catch {
      /* storage full or blocked: the form still holds it */
    }
  }, [form, id])

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    dirty.current = true
    setForm((f) => {
      const next = { ...f, [key]: value }
      if (key === 'title' && !f.slugEdited) next.slug = slugify(String(value))
      return next
    })
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }))
  }

  const submit = (status: BlogStatus) => {
    const input = { title: form.title, slug: form.slug, excerpt: form.excerpt, bodyMarkdown: form.bodyMarkdown, coverImageId: form.coverImageId, status }
    const parsed = BlogPostInputSchema.safeParse(input)
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Errors
        next[field] ??= `${LABELS[field] ?? field} ${issue.message}`
      }
      setErrors(next)
      return
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        dirty.current = false
        sessionStorage.removeItem(stashKey(id))
        setForm(fromPost(saved))
        toast.success(saved.status === 'published' ? 'Post published' : 'Draft saved')
        if (!id) {
          void navigate({ to: '/admin/blogs/edit/$id', params: { id: saved.id }, replace: true })
        }
      },
      onError: (err) => {
        const field = err instanceof ApiError ? (err.field as keyof Errors | undefined) : undefined
        const message = errorMessage(err, 'Could not save the post. Your text is kept here; please try again.')
        setErrors(field && field in LABELS ? { [field]: message } : { form: message })
      },
    })
  }

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault()
        submit(form.status)
      }}
    >
      <FormError message={errors.form} />
      <TextField label="Title" required value={form.title} maxLength={150} error={errors.title} onChange={(e) => set('title', e.target.value)} />
      <TextField
        label="Slug"
        required
        value={form.slug}
        maxLength={100}
        error={errors.slug}
        hint={`The address: /blog/${form.slug || '…'}`}
        onChange={(e) => {
          set('slugEdited', true)
          set('slug', e.target.value.toLowerCase())
        }}
      />
      <div>
        <label className="label" htmlFor={`${bodyId}-excerpt`}>
          Excerpt
        </label>
        <textarea
          id={`${bodyId}-excerpt`}
          className="input min-h-20"
          value={form.excerpt}
          maxLength={300}
          aria-invalid={errors.excerpt ? true : undefined}
          onChange={(e) => set('excerpt', e.target.value)}
        />
        <p className={`mt-1 text-xs ${errors.excerpt ? 'text-red-700' : 'text-stone-500'}`}>
          {errors.excerpt ?? `Shown in the list and in link previews. ${form.excerpt.length}/300`}
        </p>
      </div>
      <CoverField
        url={form.coverImageUrl}
        error={errors.coverImageId}
        uploading={uploading}
        onRemove={() => {
          dirty.current = true
          setForm((f) => ({ ...f, coverImageId: null, coverImageUrl: null }))
        }}
        onFile={(file) => {
          setUploading(true)
          uploadBlogImage(file)
            .then((img) => {
              dirty.current = true
              setForm((f) => ({ ...f, coverImageId: img.id, coverImageUrl: img.url }))
            })
            .catch((err: unknown) => setErrors((e) => ({ ...e, coverImageId: errorMessage(err, 'Could not upload that image.') })))
            .finally(() => setUploading(false))
        }}
      />
      <MarkdownEditor id={bodyId} value={form.bodyMarkdown} error={errors.bodyMarkdown} onChange={(v) => set('bodyMarkdown', v)} />
      <fieldset>
        <legend className="label">Status</legend>
        <div className="flex gap-4">
          {(['draft', 'published'] as const).map((s) => (
            <label key={s} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="status" value={s} checked={form.status === s} onChange={() => set('status', s)} />
              {s === 'draft' ? 'Draft (only admins see it)' : 'Published'}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending || uploading}>
          {save.isPending ? 'Saving…' : form.status === 'published' ? 'Save and publish' : 'Save draft'}
        </button>
      </div>
    </form>
  )
}

const LABELS: Record<string, string> = { title: 'Title', slug: 'Slug', excerpt: 'Excerpt', bodyMarkdown: 'Body', coverImageId: 'Cover image', status: 'Status' }

function CoverField({
  url,
  error,
  uploading,
  onFile,
  onRemove,
}: {
  url: string | null
  error?: string
  uploading: boolean
  onFile: (f: File) => void
  onRemove: () => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  return (
    <div>
      <label className="label" htmlFor={id}>
        Cover image
      </label>
      {url && <img src={url} alt="Cover preview" className="mb-2 aspect-[1200/630] w-full max-w-md rounded-xl object-cover" />}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="block max-w-full text-sm file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) onFile(file)
            e.target.value = ''
          }}
        />
        {uploading && <span className="text-sm text-stone-600">Uploading…</span>}
        {url && !uploading && (
          <button type="button" className="btn-secondary px-3 py-1.5" onClick={onRemove}>
            Remove
          </button>
        )}
      </div>
      <p className={`mt-1 text-xs ${error ? 'text-red-700' : 'text-stone-500'}`}>{error ?? 'JPEG, PNG or WebP, up to 5MB. 1200×630 suits link previews.'}</p>
    </div>
  )
}

function MarkdownEditor({ id, value, error, onChange }: { id: string; value: string; error?: string; onChange: (v: string) => void }) {
  const [html, setHtml] = useState('')
  const [failed, setFailed] = useState(false)
  // The preview follows the typing, a moment after it pauses; an older answer never replaces a newer one.
  useEffect(() => {
    const controller = new AbortController()
    const timer = setTimeout(() => {
      previewMarkdown(value, controller.signal)
        .then((h) => {
          setHtml(h)
          setFailed(false)
        })
        .catch(() => !controller.signal.aborted && setFailed(true))
    }, 300)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [value])
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div>
        <label className="label" htmlFor={`${id}-body`}>
          Body (Markdown)
        </label>
        <textarea
          id={`${id}-body`}
          className="input min-h-80 font-mono text-sm lg:min-h-[36rem]"
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
          placeholder={'## A heading\n\nA paragraph with **bold**, a [link](https://nookshare.app) and a list:\n\n- one\n- two'}
        />
        <p className={`mt-1 text-xs ${error ? 'text-red-700' : 'text-stone-500'}`}>
          {error ?? 'Headings (##), lists, links, images, quotes, code and tables.'}
        </p>
      </div>
      <section aria-label="Preview" className="min-w-0">
        <p className="label">Preview</p>
        <div className="card min-h-80 overflow-auto p-4" data-testid="blog-preview">
          {failed ? (
            <p className="text-sm text-stone-600">The preview is unavailable right now; your text is safe.</p>
          ) : html ? (
            <div className="prose-post" dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            <p className="text-sm text-stone-500">The post will look like this.</p>
          )}
        </div>
      </section>
    </div>
  )
}

import { api } from '@che/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../lib/api-client'
import type { Answer } from '../../../types/exercise'
import { callKey } from '../../../lib/query-keys'

/** POST /api/exercises/evaluate: grade the answer and reschedule the item. */
export function useEvaluateExercise() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (answer: Answer) => call(api.exercisesEvaluate, { body: answer }),
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: callKey('exercisesStats') })
      void queryClient.invalidateQueries({ queryKey: callKey('exercisesCalendar') })
    },
  })
}

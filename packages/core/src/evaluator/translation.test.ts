import { describe, expect, it } from 'vitest'

import type { EvaluatorExample } from '../contract/evaluation.js'
import { gradeTranslation } from './translation.js'

const example: EvaluatorExample = {
  text: 'Mi hermano se fue de boca y le contó todo a mamá el domingo.',
  conjugatedSnippet: 'se fue de boca',
  translation: 'My brother blabbed and told Mom everything on Sunday.',
  idiom: {
    text: 'irse de boca',
    translation: 'to blab; to let something slip, to spill the beans',
  },
}
const grade = (text: string, ex: EvaluatorExample = example) => gradeTranslation(ex, text).accuracy

describe('gradeTranslation', () => {
  describe('perfect', () => {
    it('ignores case and punctuation', () => {
      expect(grade('my brother blabbed and told mom everything on sunday')).toBe('perfect')
    })
    it('accepts an English idiom from the gloss for the Spanish one', () => {
      expect(grade('My brother spilled the beans and told Mom everything on Sunday.')).toBe(
        'perfect',
      )
    })
    it('accepts synonyms elsewhere in the sentence', () => {
      const ex: EvaluatorExample = {
        text: 'Me quedé sin un peso y tuve que volver caminando.',
        conjugatedSnippet: 'sin un peso',
        translation: 'I was broke and had to walk back.',
        idiom: { text: 'sin un peso', translation: 'broke; with no money' },
      }
      expect(grade('I was skint and had to walk back.', ex)).toBe('perfect')
    })
    it('accepts one of the example’s alternatives', () => {
      const ex = {
        ...example,
        alternatives: ['My brother let it slip to Mom on Sunday and told her everything.'],
      }
      expect(grade('My brother let it slip to Mom on Sunday and told her everything.', ex)).toBe(
        'perfect',
      )
    })
  })

  describe('minor', () => {
    it('grades a dropped time as minor', () => {
      expect(
        gradeTranslation(example, 'My brother blabbed and told Mom everything.'),
      ).toMatchObject({
        accuracy: 'minor',
        mistakeType: 'detail',
      })
    })
    it('grades a small meaning shift (mom → dad) as minor', () => {
      expect(grade('My brother blabbed and told Dad everything on Sunday.')).toBe('minor')
    })
    it('grades a change of tense as minor', () => {
      const ex: EvaluatorExample = {
        text: 'Cada vez que le pregunto, se va de boca.',
        conjugatedSnippet: 'se va de boca',
        translation: 'Every time I ask him, he blabs.',
        idiom: example.idiom,
      }
      expect(grade('Every time I asked him, he blabbed.', ex)).toBe('minor')
    })
    it('grades a change of person as minor', () => {
      expect(grade('My sister blabbed and told Mom everything on Sunday, we heard.')).not.toBe(
        'perfect',
      )
      expect(grade('I blabbed and told Mom everything on Sunday.')).toBe('minor')
    })
  })

  describe('major', () => {
    it('grades the literal reading given by the example as major', () => {
      const ex = {
        ...example,
        literal: 'My brother went from mouth and told Mom everything on Sunday.',
      }
      expect(
        gradeTranslation(ex, 'My brother went from mouth and told Mom everything on Sunday.')
          .mistakeType,
      ).toBe('literal')
    })
    it('grades a missing idiom meaning as major', () => {
      expect(grade('My brother left and told Mom everything on Sunday.')).toBe('major')
    })
    it('grades the opposite meaning as major', () => {
      const ex: EvaluatorExample = {
        text: 'No me banco a tu amigo.',
        conjugatedSnippet: 'No me banco',
        translation: "I can't stand your friend.",
        idiom: { text: 'bancarse', translation: 'to put up with; to stand' },
      }
      expect(grade('I can stand your friend.', ex)).toBe('major')
    })
    it('grades an idiom word left in Spanish as major', () => {
      expect(
        gradeTranslation(example, 'My brother did a boca and told Mom everything on Sunday.')
          .mistakeType,
      ).toBe('untranslated')
    })
    it('grades copied Spanish as major', () => {
      expect(grade(example.text)).toBe('major')
    })
    it('grades an empty answer as major', () => {
      expect(gradeTranslation(example, ' ').mistakeType).toBe('empty')
    })
  })
})

describe('gradeTranslation: other words for the same thing', () => {
  const luck: EvaluatorExample = {
    text: 'Llegamos de pedo al último tren y recibimos el último boleto.',
    conjugatedSnippet: 'de pedo',
    translation: 'By sheer luck we caught the last train and received the last ticket.',
    idiom: {
      text: 'de pedo',
      translation: 'by sheer luck; only just',
      meanings: ['by sheer luck', 'only just'],
    },
  }
  it('accepts a general verb that stands for the reference’s verb ("made" the train, "got" a ticket)', () => {
    expect(grade('By sheer luck we made the last train and got the last ticket.', luck)).toBe(
      'perfect',
    )
    expect(grade('By sheer luck we took the last train and got the last ticket.', luck)).toBe(
      'perfect',
    )
  })
  it('accepts "comes to see us" for "visits us" and "didn\'t get" for "didn\'t understand"', () => {
    const rare: EvaluatorExample = {
      ...luck,
      translation:
        "By sheer luck we caught the last train; my uncle rarely visits us and didn't understand why.",
    }
    expect(
      grade(
        "By sheer luck we caught the last train; my uncle rarely comes to see us and didn't get why.",
        rare,
      ),
    ).toBe('perfect')
  })
  it('still finds the clause a general verb of a phrasal verb does not say', () => {
    const gaveUp: EvaluatorExample = {
      text: 'Cuando vi el examen, arrugué y no lo entregué.',
      conjugatedSnippet: 'arrugué',
      translation: 'When I saw the exam, I gave up and didn’t hand it in.',
      idiom: { text: 'arrugar', translation: 'to chicken out; to give up', meanings: ['give up'] },
    }
    expect(grade('When I saw the exam, I gave up.', gaveUp)).toBe('minor')
    expect(grade('By sheer luck we caught the last train.', luck)).toBe('minor')
  })
})

describe('gradeTranslation: near-synonyms of several words', () => {
  const scolded: EvaluatorExample = {
    text: 'El técnico nos cagó a pedos en el vestuario y después fuimos al supermercado.',
    conjugatedSnippet: 'nos cagó a pedos',
    translation:
      'The coach chewed us out in the locker room and then we went to the grocery store.',
    idiom: {
      text: 'cagar a pedos',
      translation: 'to chew out; to tell off',
      meanings: ['chew out', 'tell off'],
    },
  }
  it('accepts another name for the same place ("changing room", "supermarket")', () => {
    expect(
      grade(
        'The coach told us off in the changing room and then we went to the supermarket.',
        scolded,
      ),
    ).toBe('perfect')
  })
  it('still grades another place, or a place left out, as minor', () => {
    expect(
      grade(
        'The coach told us off in the living room and then we went to the supermarket.',
        scolded,
      ),
    ).toBe('minor')
    expect(
      grade('The coach told us off in the room and then we went to the supermarket.', scolded),
    ).toBe('minor')
  })
})

describe('gradeTranslation: a negated phrase said in other words', () => {
  const busy: EvaluatorExample = {
    text: 'Esta semana estoy a full con el laburo, no tengo ni un minuto libre.',
    conjugatedSnippet: 'a full',
    translation: "This week I'm swamped with work, I don't have a single free minute.",
    idiom: { text: 'a full', translation: 'flat out; totally', meanings: ['flat out', 'swamped'] },
  }
  it('reads both negations as one when the learner keeps any word of the negated phrase', () => {
    expect(
      grade("This week I'm flat out with work, I don't have a minute to spare.", busy),
    ).not.toBe('major')
  })
  it('still grades the negation dropped as the opposite', () => {
    expect(grade("This week I'm flat out with work, I have a minute to spare.", busy)).toBe('major')
    expect(grade("This week I'm swamped with work, I have a single free minute.", busy)).toBe(
      'major',
    )
  })
})

describe('gradeTranslation: negation said with "unless", "instead of", "no matter"', () => {
  const study: EvaluatorExample = {
    text: 'Si no te quemás las pestañas, no vas a aprobar.',
    conjugatedSnippet: 'te quemás las pestañas',
    translation: "If you don't study hard, you won't pass.",
    idiom: {
      text: 'quemarse las pestañas',
      translation: 'to study hard',
      meanings: ['study hard', 'hit the books'],
    },
  }
  it('accepts "unless" for "if … not"', () => {
    expect(grade("Unless you hit the books, you won't pass.", study)).toBe('perfect')
  })
  it('still grades the condition turned round as the opposite', () => {
    expect(grade("If you study hard, you won't pass.", study)).toBe('major')
  })
  it('reads "no matter what" as no negation', () => {
    const back: EvaluatorExample = {
      text: 'Hagas lo que hagas, yo te banco.',
      conjugatedSnippet: 'te banco',
      translation: "Whatever you decide, I've got your back.",
      idiom: {
        text: 'bancar',
        translation: 'to back, to support',
        meanings: ["have one's back", 'support'],
      },
    }
    expect(grade("No matter what you decide, I've got your back.", back)).toBe('perfect')
  })
})

describe('gradeTranslation: who hears is no new doer', () => {
  const broke: EvaluatorExample = {
    text: 'Según Juan, está sin un mango desde marzo.',
    conjugatedSnippet: 'sin un mango',
    translation: "According to Juan, he's been broke since March.",
    idiom: {
      text: 'sin un mango',
      translation: 'broke; penniless',
      meanings: ['broke', 'penniless'],
    },
  }
  it('accepts "X says" for "according to X" and "told me" for "said"', () => {
    expect(grade("Juan says he's been broke since March.", broke)).toBe('perfect')
    const said = { ...broke, translation: "Juan said he's been broke since March." }
    expect(grade("Juan told me he's been broke since March.", said)).toBe('perfect')
  })
  it('still grades another doer as a change of person', () => {
    const said = { ...broke, translation: "Juan said he's been broke since March." }
    expect(grade("Juan told me I've been broke since March.", said)).toBe('minor')
  })
})

describe('gradeTranslation: words that address the listener', () => {
  const tease: EvaluatorExample = {
    text: 'No me descanses, che, que hoy me levanté sensible.',
    conjugatedSnippet: 'No me descanses',
    translation: "Don't tease me, man, I woke up touchy today.",
    idiom: { text: 'descansar', translation: 'to tease', meanings: ['tease', 'make fun of'] },
  }
  it('lets a learner leave out "man" set off by commas', () => {
    expect(grade("Don't make fun of me, I woke up touchy today.", tease)).toBe('perfect')
  })
  it('still counts a man who is part of the sentence', () => {
    const ex = { ...tease, translation: "Don't tease the man, he woke up touchy today." }
    expect(grade("Don't tease him, he woke up touchy today.", ex)).toBe('minor')
  })
})

describe('gradeTranslation: numbers and times typed as digits', () => {
  const scolded: EvaluatorExample = {
    text: 'Mi vieja me cagó a pedos por llegar a las seis de la mañana.',
    conjugatedSnippet: 'me cagó a pedos',
    translation: 'My mom chewed me out for getting home at six in the morning.',
    idiom: {
      text: 'cagar a pedos',
      translation: 'to chew out; to tell off',
      meanings: ['chew out', 'tell off'],
    },
  }
  it('accepts "6 a.m." for "six in the morning"', () => {
    expect(grade('My mom told me off for getting home at 6 a.m.', scolded)).toBe('perfect')
    expect(grade('My mom told me off for getting home at 6 in the morning.', scolded)).toBe(
      'perfect',
    )
  })
  it('still grades another hour or "p.m." as a changed detail', () => {
    expect(grade('My mom told me off for getting home at 7 in the morning.', scolded)).toBe('minor')
    expect(
      gradeTranslation(scolded, 'My mom told me off for getting home at 6 p.m.').feedback,
    ).toContain('"p.m." where the sentence says "morning"')
  })
})

describe('gradeTranslation: a phrasal verb said around its object', () => {
  const scolded: EvaluatorExample = {
    text: 'Si ve este lío, el jefe nos va a cagar a pedos.',
    conjugatedSnippet: 'nos va a cagar a pedos',
    translation: 'If the boss sees this mess, he is going to chew the kids out.',
    idiom: {
      text: 'cagar a pedos',
      translation: 'to chew out; to tell off',
      meanings: ['chew out', 'tell off'],
    },
  }
  it('finds "tell the kids off" for the meaning "tell off"', () => {
    expect(grade('If the boss sees this mess, he is going to tell the kids off.', scolded)).toBe(
      'perfect',
    )
  })
  it('still compares the object and does not take another phrase for it', () => {
    expect(grade('If the boss sees this mess, he is going to tell the girls off.', scolded)).toBe(
      'minor',
    )
    expect(
      grade('If the boss sees this mess, he is going to tell the kids a story.', scolded),
    ).toBe('major')
  })
})

describe('gradeTranslation: a possessive inside a meaning phrase', () => {
  const vibe: EvaluatorExample = {
    text: 'No le cortes el mambo a tu hermano, dejalo terminar.',
    conjugatedSnippet: 'No le cortes el mambo',
    translation: "Don't rain on his parade, let him finish.",
    idiom: {
      text: 'cortar el mambo',
      translation: 'to kill the vibe',
      meanings: ['kill the vibe', "rain on someone's parade"],
    },
  }
  it('accepts a noun with "\'s" where the phrase has "someone\'s"', () => {
    expect(grade("Don't rain on your brother's parade, let him finish.", vibe)).not.toBe('major')
  })
  it('still needs the phrase’s words together', () => {
    expect(
      grade(
        "Don't let the rain on your brother's big day and the parade stop him finishing.",
        vibe,
      ),
    ).toBe('major')
  })
})

describe('gradeTranslation: a verb that says "not" of another', () => {
  const drunk: EvaluatorExample = {
    text: 'Anoche estaba en pedo y no me acuerdo cómo llegué a casa.',
    conjugatedSnippet: 'estaba en pedo',
    translation: "Last night I was drunk and I don't remember how I got home.",
    idiom: { text: 'estar en pedo', translation: 'to be drunk', meanings: ['drunk', 'plastered'] },
  }
  it('accepts "forgot" for "don\'t remember" and "ignored" for "didn\'t pay attention"', () => {
    expect(grade('Last night I was plastered and I forgot how I got home.', drunk)).toBe('perfect')
    const ignored = {
      ...drunk,
      translation: "Last night I was drunk and I didn't pay attention to the time.",
    }
    expect(grade('Last night I was plastered and I ignored the time.', ignored)).toBe('perfect')
  })
  it('grades the verb against the word it negates as the opposite', () => {
    const remembered = {
      ...drunk,
      translation: 'Last night I was drunk and I remember how I got home.',
    }
    expect(grade('Last night I was plastered and I forgot how I got home.', remembered)).toBe(
      'major',
    )
    const caught = { ...drunk, translation: 'Last night I was drunk and I caught the last bus.' }
    expect(grade('Last night I was plastered and I missed the last bus.', caught)).toBe('major')
  })
})

describe('gradeTranslation: a pronoun for someone already named', () => {
  const risk: EvaluatorExample = {
    text: 'Mi viejo se la jugó y abrió una panadería a los sesenta.',
    conjugatedSnippet: 'se la jugó',
    translation: 'My dad took a risk and opened a bakery at sixty.',
    idiom: {
      text: 'jugársela',
      translation: 'to take a risk',
      meanings: ['take a risk', 'take the plunge'],
    },
  }
  it('accepts "when he was sixty" after naming the father', () => {
    expect(grade('My father took the plunge and opened a bakery when he was sixty.', risk)).toBe(
      'perfect',
    )
  })
  it('still grades a new doer or an added person as a change of person', () => {
    expect(grade('They took the plunge and opened a bakery at sixty.', risk)).toBe('minor')
    expect(grade('My father and she took the plunge and opened a bakery at sixty.', risk)).toBe(
      'minor',
    )
    expect(grade('My father took the plunge and opened a bakery when I was sixty.', risk)).toBe(
      'minor',
    )
  })
})

describe('gradeTranslation: a verb that can also be a noun', () => {
  const wrongWay: EvaluatorExample = {
    text: 'Venía un camión a contramano y tuvimos que frenar.',
    conjugatedSnippet: 'a contramano',
    translation: 'A truck was coming the wrong way and we had to brake.',
    idiom: {
      text: 'a contramano',
      translation: 'the wrong way',
      meanings: ['the wrong way', 'in the wrong direction'],
    },
  }
  it('reads "had to brake" / "had to stop" as two ways to say the action, not a changed thing', () => {
    expect(grade('A truck was coming in the wrong direction and we had to stop.', wrongWay)).toBe(
      'perfect',
    )
  })
  it('still grades a changed thing as minor', () => {
    expect(grade('A bus was coming in the wrong direction and we had to brake.', wrongWay)).toBe(
      'minor',
    )
  })
})

(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32)
  (local $6 i32) (local $7 i32) (local $8 i32) (local $9 i32) (local $10 f32) (local $11 v128) (local $12 f32) (local $13 v128) (local $14 f32) (local $15 v128) (local $16 f32) (local $17 v128) (local $18 f32) (local $19 v128) (local $20 f32) (local $21 v128) (local $22 f32) (local $23 v128) (local $24 f32) (local $25 v128) (local $26 f32) (local $27 v128) (local $28 f32) (local $29 v128) (local $30 f32) (local $31 v128) (local $32 f32) (local $33 v128) (local $34 f32) (local $35 v128) (local $36 f32) (local $37 v128) (local $38 f32) (local $39 v128) (local $40 f32) (local $41 v128) (local $42 f32) (local $43 v128) (local $44 f32) (local $45 v128) (local $46 f32) (local $47 v128) (local $48 f32) (local $49 v128) (local $50 f32) (local $51 v128) (local $52 f32) (local $53 v128) (local $54 i32) (local $55 v128) (local $56 i32) (local $57 v128) (local $58 i32) (local $59 v128) (local $60 i32) (local $61 v128) (local $62 i32) (local $63 v128) (local $64 i32) (local $65 v128) (local $66 f32) (local $67 v128) (local $68 i32) (local $69 v128) (local $70 i32) (local $71 v128) (local $72 v128) (local $73 v128) (local $74 v128) (local $75 v128) (local $76 v128) (local $77 v128) (local $78 v128) (local $79 v128) (local $80 v128) (local $81 v128) (local $82 v128) (local $83 v128) (local $84 v128) (local $85 v128) (local $86 v128) (local $87 v128) (local $88 v128) (local $89 v128) (local $90 v128) (local $91 v128) (local $92 v128) (local $93 v128) (local $94 v128) (local $95 v128) (local $96 v128) (local $97 v128) (local $98 v128) (local $99 v128) (local $100 v128) (local $101 f32) (local $102 f32) (local $103 f32) (local $104 f32) (local $105 f32) (local $106 f32) (local $107 f32) (local $108 f32) (local $109 i32) (local $110 i32)
  local.get 4
  local.set 6
  block
    loop
      local.get 6
      local.get 5
      i32.ge_s
      br_if 1
      local.get 6
      i32.const 64
      i32.mul
      local.set 8
      local.get 6
      i32.const 64
      i32.mul
      local.set 9
      f32.const 0.3
      local.set 10
      local.get 10
      f32x4.splat
      local.set 11
      f32.const -0.008863235529902197
      local.set 12
      local.get 12
      f32x4.splat
      local.set 13
      f32.const 0.021869488536155203
      local.set 14
      local.get 14
      f32x4.splat
      local.set 15
      f32.const -0.05396825396825397
      local.set 16
      local.get 16
      f32x4.splat
      local.set 17
      f32.const 0.13333333333333333
      local.set 18
      local.get 18
      f32x4.splat
      local.set 19
      f32.const -0.3333333333333333
      local.set 20
      local.get 20
      f32x4.splat
      local.set 21
      f32.const 1
      local.set 22
      local.get 22
      f32x4.splat
      local.set 23
      f32.const 1
      local.set 24
      local.get 24
      f32x4.splat
      local.set 25
      f32.const 2
      local.set 26
      local.get 26
      f32x4.splat
      local.set 27
      f32.const 0.008369148708879948
      local.set 28
      local.get 28
      f32x4.splat
      local.set 29
      f32.const 89
      local.set 30
      local.get 30
      f32x4.splat
      local.set 31
      f32.const 2
      local.set 32
      local.get 32
      f32x4.splat
      local.set 33
      f32.const -104
      local.set 34
      local.get 34
      f32x4.splat
      local.set 35
      f32.const 1.4426950408889634
      local.set 36
      local.get 36
      f32x4.splat
      local.set 37
      f32.const 0.693359375
      local.set 38
      local.get 38
      f32x4.splat
      local.set 39
      f32.const -0.00021219444
      local.set 40
      local.get 40
      f32x4.splat
      local.set 41
      f32.const 0.041917506605386734
      local.set 42
      local.get 42
      f32x4.splat
      local.set 43
      f32.const 0.16666504740715027
      local.set 44
      local.get 44
      f32x4.splat
      local.set 45
      f32.const 0.49998870491981506
      local.set 46
      local.get 46
      f32x4.splat
      local.set 47
      f32.const 1
      local.set 48
      local.get 48
      f32x4.splat
      local.set 49
      f32.const 1.0000001192092896
      local.set 50
      local.get 50
      f32x4.splat
      local.set 51
      f32.const 12582912
      local.set 52
      local.get 52
      f32x4.splat
      local.set 53
      i32.const 1262485504
      local.set 54
      local.get 54
      i32x4.splat
      local.set 55
      i32.const 1
      local.set 56
      local.get 56
      i32x4.splat
      local.set 57
      i32.const 127
      local.set 58
      local.get 58
      i32x4.splat
      local.set 59
      i32.const 23
      local.set 60
      local.get 60
      i32x4.splat
      local.set 61
      i32.const 127
      local.set 62
      local.get 62
      i32x4.splat
      local.set 63
      i32.const 23
      local.set 64
      local.get 64
      i32x4.splat
      local.set 65
      f32.const 1
      local.set 66
      local.get 66
      f32x4.splat
      local.set 67
      i32.const -2147483648
      local.set 68
      local.get 68
      i32x4.splat
      local.set 69
      local.get 6
      i32.const 64
      i32.mul
      local.set 70
      i32.const 0
      local.set 7
      block
        loop
          local.get 7
          i32.const 7
          i32.add
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 0
          local.get 70
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 8
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 2
          i32.const 0
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.mul
          local.get 3
          local.get 9
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.add
          local.tee 71
          local.get 13
          local.get 71
          local.get 71
          f32x4.mul
          local.tee 72
          f32x4.mul
          local.get 15
          f32x4.add
          local.get 72
          f32x4.mul
          local.get 17
          f32x4.add
          local.get 72
          f32x4.mul
          local.get 19
          f32x4.add
          local.get 72
          f32x4.mul
          local.get 21
          f32x4.add
          local.get 72
          f32x4.mul
          local.get 23
          f32x4.add
          f32x4.mul
          local.get 25
          local.get 27
          local.get 29
          local.get 71
          f32x4.abs
          local.tee 73
          local.get 33
          f32x4.mul
          local.tee 74
          local.get 35
          f32x4.pmax
          local.tee 75
          local.get 31
          f32x4.pmin
          local.tee 76
          local.get 76
          local.get 37
          f32x4.mul
          f32x4.nearest
          local.tee 77
          local.get 39
          f32x4.mul
          f32x4.sub
          local.get 77
          local.get 41
          f32x4.mul
          f32x4.sub
          local.tee 78
          f32x4.mul
          local.get 43
          f32x4.add
          local.get 78
          f32x4.mul
          local.get 45
          f32x4.add
          local.get 78
          f32x4.mul
          local.get 47
          f32x4.add
          local.get 78
          f32x4.mul
          local.get 49
          f32x4.add
          local.get 78
          f32x4.mul
          local.get 51
          f32x4.add
          local.get 77
          local.get 53
          f32x4.add
          local.get 55
          i32x4.sub
          local.tee 79
          local.get 56
          i32x4.shr_s
          local.tee 80
          local.get 59
          i32x4.add
          local.get 60
          i32x4.shl
          f32x4.mul
          local.get 79
          local.get 80
          i32x4.sub
          local.get 63
          i32x4.add
          local.get 64
          i32x4.shl
          f32x4.mul
          local.get 67
          f32x4.add
          f32x4.div
          f32x4.sub
          local.get 71
          local.get 69
          v128.and
          v128.or
          local.get 73
          local.get 11
          f32x4.lt
          v128.bitselect
          v128.store
          local.get 7
          i32.const 4
          i32.add
          local.set 7
          local.get 0
          local.get 70
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 8
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 2
          i32.const 0
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.mul
          local.get 3
          local.get 9
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.add
          local.tee 81
          local.get 13
          local.get 81
          local.get 81
          f32x4.mul
          local.tee 82
          f32x4.mul
          local.get 15
          f32x4.add
          local.get 82
          f32x4.mul
          local.get 17
          f32x4.add
          local.get 82
          f32x4.mul
          local.get 19
          f32x4.add
          local.get 82
          f32x4.mul
          local.get 21
          f32x4.add
          local.get 82
          f32x4.mul
          local.get 23
          f32x4.add
          f32x4.mul
          local.get 25
          local.get 27
          local.get 29
          local.get 81
          f32x4.abs
          local.tee 83
          local.get 33
          f32x4.mul
          local.tee 84
          local.get 35
          f32x4.pmax
          local.tee 85
          local.get 31
          f32x4.pmin
          local.tee 86
          local.get 86
          local.get 37
          f32x4.mul
          f32x4.nearest
          local.tee 87
          local.get 39
          f32x4.mul
          f32x4.sub
          local.get 87
          local.get 41
          f32x4.mul
          f32x4.sub
          local.tee 88
          f32x4.mul
          local.get 43
          f32x4.add
          local.get 88
          f32x4.mul
          local.get 45
          f32x4.add
          local.get 88
          f32x4.mul
          local.get 47
          f32x4.add
          local.get 88
          f32x4.mul
          local.get 49
          f32x4.add
          local.get 88
          f32x4.mul
          local.get 51
          f32x4.add
          local.get 87
          local.get 53
          f32x4.add
          local.get 55
          i32x4.sub
          local.tee 89
          local.get 56
          i32x4.shr_s
          local.tee 90
          local.get 59
          i32x4.add
          local.get 60
          i32x4.shl
          f32x4.mul
          local.get 89
          local.get 90
          i32x4.sub
          local.get 63
          i32x4.add
          local.get 64
          i32x4.shl
          f32x4.mul
          local.get 67
          f32x4.add
          f32x4.div
          f32x4.sub
          local.get 81
          local.get 69
          v128.and
          v128.or
          local.get 83
          local.get 11
          f32x4.lt
          v128.bitselect
          v128.store
          local.get 7
          i32.const 4
          i32.sub
          local.set 7
          local.get 7
          i32.const 8
          i32.add
          local.set 7
          br 0
        end
      end
      local.get 7
      local.set 7
      block
        loop
          local.get 7
          i32.const 3
          i32.add
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 0
          local.get 70
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 8
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 2
          i32.const 0
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.mul
          local.get 3
          local.get 9
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          f32x4.add
          local.tee 91
          local.get 13
          local.get 91
          local.get 91
          f32x4.mul
          local.tee 92
          f32x4.mul
          local.get 15
          f32x4.add
          local.get 92
          f32x4.mul
          local.get 17
          f32x4.add
          local.get 92
          f32x4.mul
          local.get 19
          f32x4.add
          local.get 92
          f32x4.mul
          local.get 21
          f32x4.add
          local.get 92
          f32x4.mul
          local.get 23
          f32x4.add
          f32x4.mul
          local.get 25
          local.get 27
          local.get 29
          local.get 91
          f32x4.abs
          local.tee 93
          local.get 33
          f32x4.mul
          local.tee 94
          local.get 35
          f32x4.pmax
          local.tee 95
          local.get 31
          f32x4.pmin
          local.tee 96
          local.get 96
          local.get 37
          f32x4.mul
          f32x4.nearest
          local.tee 97
          local.get 39
          f32x4.mul
          f32x4.sub
          local.get 97
          local.get 41
          f32x4.mul
          f32x4.sub
          local.tee 98
          f32x4.mul
          local.get 43
          f32x4.add
          local.get 98
          f32x4.mul
          local.get 45
          f32x4.add
          local.get 98
          f32x4.mul
          local.get 47
          f32x4.add
          local.get 98
          f32x4.mul
          local.get 49
          f32x4.add
          local.get 98
          f32x4.mul
          local.get 51
          f32x4.add
          local.get 97
          local.get 53
          f32x4.add
          local.get 55
          i32x4.sub
          local.tee 99
          local.get 56
          i32x4.shr_s
          local.tee 100
          local.get 59
          i32x4.add
          local.get 60
          i32x4.shl
          f32x4.mul
          local.get 99
          local.get 100
          i32x4.sub
          local.get 63
          i32x4.add
          local.get 64
          i32x4.shl
          f32x4.mul
          local.get 67
          f32x4.add
          f32x4.div
          f32x4.sub
          local.get 91
          local.get 69
          v128.and
          v128.or
          local.get 93
          local.get 11
          f32x4.lt
          v128.bitselect
          v128.store
          local.get 7
          i32.const 4
          i32.add
          local.set 7
          br 0
        end
      end
      local.get 7
      local.set 7
      block
        loop
          local.get 7
          i32.const 64
          i32.ge_s
          br_if 1
          local.get 0
          local.get 6
          i32.const 64
          i32.mul
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 1
          local.get 6
          i32.const 64
          i32.mul
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 2
          local.get 7
          i32.const 2
          i32.shl
          i32.add
          f32.load
          f32.mul
          local.get 3
          local.get 6
          i32.const 64
          i32.mul
          local.get 7
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          f32.add
          local.tee 101
          local.get 12
          local.get 101
          local.get 101
          f32.mul
          local.tee 102
          f32.mul
          local.get 14
          f32.add
          local.get 102
          f32.mul
          local.get 16
          f32.add
          local.get 102
          f32.mul
          local.get 18
          f32.add
          local.get 102
          f32.mul
          local.get 20
          f32.add
          local.get 102
          f32.mul
          local.get 22
          f32.add
          f32.mul
          local.get 24
          local.get 26
          local.get 28
          local.get 30
          local.get 34
          local.get 101
          f32.abs
          local.tee 103
          local.get 32
          f32.mul
          local.tee 104
          local.get 104
          local.get 34
          f32.lt
          select
          local.tee 105
          local.get 30
          local.get 105
          f32.lt
          select
          local.tee 106
          local.get 106
          local.get 36
          f32.mul
          f32.nearest
          local.tee 107
          local.get 38
          f32.mul
          f32.sub
          local.get 107
          local.get 40
          f32.mul
          f32.sub
          local.tee 108
          f32.mul
          local.get 42
          f32.add
          local.get 108
          f32.mul
          local.get 44
          f32.add
          local.get 108
          f32.mul
          local.get 46
          f32.add
          local.get 108
          f32.mul
          local.get 48
          f32.add
          local.get 108
          f32.mul
          local.get 50
          f32.add
          local.get 107
          local.get 52
          f32.add
          i32.reinterpret_f32
          local.get 54
          i32.sub
          local.tee 109
          local.get 56
          i32.shr_s
          local.tee 110
          local.get 58
          i32.add
          local.get 60
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 109
          local.get 110
          i32.sub
          local.get 62
          i32.add
          local.get 64
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 66
          f32.add
          f32.div
          f32.sub
          i32.reinterpret_f32
          local.get 101
          i32.reinterpret_f32
          local.get 68
          i32.and
          i32.or
          f32.reinterpret_i32
          local.get 103
          local.get 10
          f32.lt
          select
          f32.store
          local.get 7
          i32.const 1
          i32.add
          local.set 7
          br 0
        end
      end
      local.get 6
      i32.const 1
      i32.add
      local.set 6
      br 0
    end
  end
)